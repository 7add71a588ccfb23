/**
 * The variables a notification template may use (nodes spec 2.7, 2.9; accounts §3 vocabulary), as inserted into it:
 * offered by the range's Notification Setting and by event-settings' rules.
 */
export const TEMPLATE_VARIABLES = [
  { token: '{{receivedDeviceData}}', key: 'receivedDeviceData' },
  { token: '{{lastDeviceData}}', key: 'lastDeviceData' },
  { token: '{{itemName}}', key: 'itemName' },
  { token: '{{displayName}}', key: 'displayName' },
  { token: '{{description}}', key: 'description' },
  { token: '{{currentOutputValue}}', key: 'currentOutputValue' },
  { token: '{{unit}}', key: 'unit' },
] as const;
