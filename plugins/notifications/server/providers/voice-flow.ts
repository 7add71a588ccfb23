import { DEFAULT_CALL_TIMEOUT_SECONDS, type ProviderSettings } from '../../common/providers';

/** What a call says after the trigger message when a key press acknowledges, and after the key press. */
export const DEFAULT_ACK_PROMPT = 'Press 1 to acknowledge this alarm.';
export const DEFAULT_ACK_MESSAGE = 'The alarm is acknowledged. Thank you.';

/** How a voice notification's call goes (accounts §3: reply to ack, ack message, call timeout). */
export interface VoiceFlow {
  /** A key press (1) acknowledges the event as the contact. */
  replyToAck: boolean;
  ackMessage: string;
  callTimeoutSeconds: number;
}

/**
 * The voice flow from the event's notification settings as copied onto it (an event-settings rule has
 * voiceReplyToAck, voiceAckMessage and voiceCallTimeoutSec; a range has none of them), then the provider's call timeout.
 * A range's call may be acknowledged by a key press: that is what an alarm call is for.
 */
export function voiceFlow(variables: Record<string, unknown>, provider: ProviderSettings): VoiceFlow {
  const event = variables.event as { actions?: { notification?: Record<string, unknown> } } | undefined;
  const setting = event?.actions?.notification ?? {};
  const timeout = setting.voiceCallTimeoutSec;
  const ackMessage = typeof setting.voiceAckMessage === 'string' ? setting.voiceAckMessage.trim() : '';
  return {
    // A call telling that the event is over has nothing left to acknowledge.
    replyToAck: setting.voiceReplyToAck !== false && variables.resumed !== true,
    ackMessage: ackMessage || DEFAULT_ACK_MESSAGE,
    callTimeoutSeconds:
      typeof timeout === 'number' && timeout > 0 ? timeout : (provider.callTimeoutSeconds ?? DEFAULT_CALL_TIMEOUT_SECONDS),
  };
}
