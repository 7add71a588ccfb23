import { createToken } from '@sensorium/core/common';

/** The longest text a direct message takes (three SMS segments of 160 characters). */
export const TEXT_MESSAGE_MAX_CHARS = 480;

/** Where a direct message goes: a number (E.164, +85291234567) or one of the application's contacts, by id. */
export type TextMessageRecipient = { number: string } | { contactId: string };

/** An SMS an application sends on its own behalf, not about an event (an adapter script's `sendSms`). */
export interface TextMessage {
  appId: string;
  to: TextMessageRecipient;
  text: string;
  /** What it is about, shown as the Notification History's Reference (an item's name). */
  reference: string;
  /** The item it is about: users limited to device tags see it when they see the item; null: about no item. */
  itemUuid: string | null;
}

/**
 * What became of a message: queued for the organisation's SMS provider, or skipped because the contact it reaches
 * unsubscribed, turned SMS off or has no number. Either way it is a row of the Notification History (`deliveryId`).
 */
export interface TextMessageOutcome {
  deliveryId: string;
  status: 'queued' | 'skipped';
  /** Why it was skipped; null when queued. */
  reason: 'unsubscribed' | 'channelOff' | 'noAddress' | null;
}

/**
 * Direct messages through the same path as event notifications: a Notification History row (usage `direct`), sent by
 * the deliver job through the organisation's SMS provider (its own, else the operator's default), held back by the
 * per-recipient rate limit, and never sent to a contact who unsubscribed or turned SMS off; a number that is a
 * contact's counts as that contact. `send` throws a TextMessageError for a number that is not E.164, an empty or too
 * long text, or a contact the application does not have.
 */
export interface TextMessages {
  send(message: TextMessage): Promise<TextMessageOutcome>;
}
export const TextMessagesToken = createToken<TextMessages>('notifications.text-messages');

/** A message the service refuses to queue; its message says why. */
export class TextMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TextMessageError';
  }
}
