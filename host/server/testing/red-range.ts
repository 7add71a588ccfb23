import { defaultFieldPreference, type FieldPreference, type NotificationSetting, type RangeEntry } from '@sensorium/nodes/common';

/** What a red range does besides raising its event: tell the contacts, call a webhook. */
export type RangeActions = Pick<RangeEntry, 'notificationSetting' | 'webhookSetting'>;

/**
 * The preference of `field` (with `overrides` such as a unit) whose values from `from` to 1000 fall in one red range
 * (severity 4), named `name`, whose event `event` stays open until someone acts.
 */
export function redRangeField(
  field: string,
  range: { name: string; from: number; event: string },
  actions: RangeActions = {},
  overrides: Partial<FieldPreference> = {},
): FieldPreference {
  return {
    ...defaultFieldPreference(field),
    ...overrides,
    rangeSettings: {
      belowMinimum: { minNumber: null },
      aboveMaximum: { maxNumber: null },
      ranges: [
        {
          ...{ name: range.name, color: 'red', icon: 'fa-fire', value: 0, startNum: range.from, endNum: 1000 },
          eventSetting: { name: range.event, enable: true, allowAutoClear: false },
          ...actions,
        },
      ],
    },
  };
}

/** E-mail only, `template` to the contacts of every department. */
export function emailEveryContact(template: string): NotificationSetting {
  return {
    smsEnabled: false,
    smsTemplate: '',
    whatsappEnabled: false,
    emailEnabled: true,
    emailTemplate: template,
    voiceEnabled: false,
    voiceTemplate: '',
    departments: [],
  };
}
