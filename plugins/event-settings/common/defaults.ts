import { defaultNotificationSetting, defaultTaskSetting, defaultWebhookSetting } from '@sensorium/nodes/common';
import type { EventRuleSettings, TimeSlot } from './rule';

/** A slot effective every day, all day (the editor's new slot). */
export function defaultTimeSlot(): TimeSlot {
  return {
    always: true,
    beginOn: null,
    until: null,
    allDay: true,
    startTime: '00:00:00',
    endTime: '23:59:59',
    weekdays: [true, true, true, true, true, true, true],
  };
}

/** A new rule as the editor starts it. */
export function defaultRuleSettings(): EventRuleSettings {
  return {
    name: '',
    severity: 2,
    description: '',
    enabled: true,
    instantClear: false,
    autoClear: false,
    conditions: {
      deviceTypes: [],
      tags: [],
      devices: [],
      allDevices: true,
      field: '',
      triggerRanges: [{ min: null, max: null }],
      resumeRanges: [],
      resumeOnAny: true,
      requireSameDevice: true,
      durationSeconds: 0,
      hysteresis: 0,
    },
    actions: {
      task: defaultTaskSetting(),
      notification: {
        ...defaultNotificationSetting(),
        voiceResumeTemplate: '',
        voiceReplyToAck: false,
        voiceAckMessage: '',
        voiceCallTimeoutSec: 30,
      },
      webhook: { ...defaultWebhookSetting(), enable: false },
    },
    timeSlots: [],
  };
}
