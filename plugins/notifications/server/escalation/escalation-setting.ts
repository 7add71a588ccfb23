import type { EventActions } from '@sensorium/events/common';
import type { Contact } from '../../common';

/** A range's (or rule's) escalation, as copied onto its event: the shape of nodes' NotificationEscalation. */
export interface EscalationSetting {
  everyMinutes: number;
  repeats: number;
  nextPriority: boolean;
}

const wholeNumber = (value: unknown, least: number): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= least ? value : null;

/**
 * Reads `actions.notification.escalation`. Stored JSON (events raised before escalation existed lack it), so each
 * field is checked; null when escalation is off or unusable.
 */
export function escalationSetting(actions: EventActions): EscalationSetting | null {
  const notification = actions.notification as Record<string, unknown> | undefined;
  const escalation = notification?.escalation as Record<string, unknown> | undefined;
  if (!escalation || escalation.enable !== true) return null;
  const everyMinutes = wholeNumber(escalation.everyMinutes, 1);
  const repeats = wholeNumber(escalation.repeats, 0);
  if (everyMinutes === null || repeats === null) return null;
  return { everyMinutes, repeats, nextPriority: escalation.nextPriority === true };
}

/**
 * Who round `level` tells (0: the event's own notification), or null once escalation is over. Without escalation only
 * round 0 exists and tells everyone. Without moving on, rounds 1…repeats tell everyone again. Moving on, each
 * priority (1 first) gets a round and `repeats` more, then the next priority takes over, until none is left.
 */
export function roundRecipients(
  everyone: readonly Contact[],
  escalation: EscalationSetting | null,
  level: number,
): Contact[] | null {
  if (!escalation) return level === 0 ? [...everyone] : null;
  if (!escalation.nextPriority) return level <= escalation.repeats ? [...everyone] : null;
  const priorities = [...new Set(everyone.map((contact) => contact.priority))].sort((a, b) => a - b);
  const priority = priorities[Math.floor(level / (escalation.repeats + 1))];
  return priority === undefined ? null : everyone.filter((contact) => contact.priority === priority);
}
