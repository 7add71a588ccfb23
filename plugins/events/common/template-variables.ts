import type { EventRecord } from './event-record';

/**
 * The variables a template about an event may use (nodes §2.7, accounts §7: received and last device data, item name,
 * the item's display name, description, current output value, unit), plus the whole `event` for anything else
 * (`{{ event.severity }}`, `{{ event.rangeName }}`, `{{ event.node.displayName }}` for the field's name). Notification and
 * webhook templates share them.
 */
export function eventTemplateVariables(event: EventRecord): Record<string, unknown> {
  const value = event.value ?? '';
  return {
    receivedDeviceData: value,
    lastDeviceData: event.node.value ?? value,
    itemName: event.itemName,
    displayName: event.node.itemDisplayName || event.itemName,
    description: event.description,
    currentOutputValue: value,
    unit: event.unit ?? event.node.unit ?? '',
    event,
  };
}
