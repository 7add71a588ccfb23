import type { EventRecord } from '@sensorium/events/common';
import type { DashboardAlarm } from './types';

/** The alarm-list widget shows this many open events, newest first. */
export const ALARM_LIST_SIZE = 10;

/** An event as the alarm-list widget shows it: what a share link's viewer may see of it, nothing more. */
export function toDashboardAlarm(event: EventRecord): DashboardAlarm {
  return {
    id: event.id,
    itemName: event.itemName,
    displayName: event.node.itemDisplayName || event.itemName,
    rangeName: event.rangeName,
    value: event.value,
    severity: event.severity,
    isAcknowledged: event.isAcknowledged,
    generatedAt: event.generatedDateTime,
  };
}
