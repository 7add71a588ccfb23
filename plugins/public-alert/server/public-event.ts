import type { EventNodeInfo, EventRecord } from '@sensorium/events/common';
import type { PublicEvent, PublicLinkAction } from '../common';

/**
 * What the viewer offers for the event's state (accounts §4): nothing once cleared; Clear once the value resumed;
 * otherwise ACK while it is unacknowledged and not of severity 0.
 */
export function offeredAction(event: EventRecord): PublicLinkAction | null {
  if (event.isCleared) return null;
  if (event.resumeStatus) return 'clear';
  return !event.isAcknowledged && event.severity !== 0 ? 'ack' : null;
}

/** The event's node with the reading that raised it, from the event's own columns where the node snapshot lacks them. */
function nodeWithReading(event: EventRecord): EventNodeInfo {
  const reading = { signal: event.field, value: event.value, unit: event.unit, rangeStatus: event.rangeStatus };
  const node: EventNodeInfo = { ...event.node };
  for (const [key, value] of Object.entries(reading) as [keyof typeof reading, string | null][]) {
    if (node[key] === undefined && value !== null && value !== '') node[key] = value;
  }
  return node;
}

/** The event in the viewer's words, with ackPermission from what the link allows and what the event's state offers. */
export function toPublicEvent(event: EventRecord, allowed: readonly PublicLinkAction[]): PublicEvent {
  const offered = offeredAction(event);
  return {
    description: event.description,
    severity: event.severity,
    generatedDateTime: event.generatedDateTime,
    locationDisplayStr: event.location,
    additionalInfo: event.additionalInfo,
    eventType: event.eventType,
    equipmentName: event.equipmentName,
    node: nodeWithReading(event),
    isCleared: event.isCleared,
    isAcknowledeged: event.isAcknowledged,
    acknowledegedBy: event.acknowledgedBy,
    acknowledegedDateTime: event.acknowledgedDateTime,
    clearedBy: event.clearedBy,
    clearedDateTime: event.clearedDateTime,
    resumeStatus: event.resumeStatus,
    eventStatus: event.eventStatus,
    ackPermission: offered !== null && allowed.includes(offered),
  };
}
