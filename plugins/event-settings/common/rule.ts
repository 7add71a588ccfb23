import type { NotificationSetting, TaskSetting, WebhookSetting } from '@sensorium/nodes/common';

/** Event-setting severity levels (accounts §3, §9): the index is the event's severity 0–4. */
export const RULE_SEVERITY_LEVELS = ['normal', 'warning', 'low', 'high', 'critical'] as const;
export type RuleSeverityLevel = (typeof RULE_SEVERITY_LEVELS)[number];
export const MAX_SEVERITY = RULE_SEVERITY_LEVELS.length - 1;

/** A value range; a missing bound is open (`min: 30, max: null` is "30 and above"). Both bounds are inclusive. */
export interface ValueRange {
  min: number | null;
  max: number | null;
}

/**
 * Which devices a rule watches and when its event opens and resumes.
 * Devices: every device of the application when `allDevices`, else those matching every non-empty selector (device
 * types are the data source's sensor type; tags are the devices' tags, the spec's groups; devices are item names).
 */
export interface RuleConditions {
  deviceTypes: string[];
  tags: string[];
  devices: string[];
  allDevices: boolean;
  /** The field of the devices' uplinks the ranges apply to. */
  field: string;
  /** The event opens when the value is in one of these. */
  triggerRanges: ValueRange[];
  /** Unless `resumeOnAny`, the event resumes when the value is in one of these. */
  resumeRanges: ValueRange[];
  /** The event resumes on any value outside the trigger ranges (resume ranges unused). */
  resumeOnAny: boolean;
  /**
   * One event per device, resumed only by that device's values. Off: one event per rule at a time, belonging to the
   * device that opened it (only that device's leaving the range ends the duration wait) and resumed by any watched
   * device's value.
   */
  requireSameDevice: boolean;
  /** The value must stay in a trigger range this long before the event opens (0: at once). */
  durationSeconds: number;
  /** The value must be this far beyond every trigger range before the event resumes (0: as soon as it is outside). */
  hysteresis: number;
}

/**
 * A rule's channels and templates: a range's NotificationSetting (so the notifications plugin acts on rule events
 * unchanged, `voiceTemplate` being the trigger message) plus the voice flow's settings.
 */
export interface RuleNotificationSetting extends NotificationSetting {
  voiceResumeTemplate: string;
  /** The called contact acknowledges the event by pressing 1. */
  voiceReplyToAck: boolean;
  /** Said after the key press. */
  voiceAckMessage: string;
  voiceCallTimeoutSec: number;
}

/** What a rule's events ask for: the same shapes as a range's, copied into each event as its `actions`. */
export interface RuleActions {
  /** Device commands on created, acknowledged and cleared (a range's eventSetting.task). */
  task: TaskSetting;
  notification: RuleNotificationSetting;
  webhook: WebhookSetting;
}

/** When a rule may open events. Dates are YYYY-MM-DD and times HH:mm:ss in the server's (or configured) time zone. */
export interface TimeSlot {
  /** Effective on every date (beginOn and until unused). */
  always: boolean;
  beginOn: string | null;
  until: string | null;
  /** The whole day (startTime and endTime unused). */
  allDay: boolean;
  startTime: string;
  endTime: string;
  /** Repeat on: Sunday to Saturday. */
  weekdays: boolean[];
}

/** The fields of a rule a user edits (the body of POST and PUT). */
export interface EventRuleSettings {
  name: string;
  /** 0 Normal … 4 Critical. */
  severity: number;
  description: string;
  enabled: boolean;
  /** The event is created and cleared at once (a record, never open). */
  instantClear: boolean;
  /** The event clears itself when it resumes. */
  autoClear: boolean;
  conditions: RuleConditions;
  actions: RuleActions;
  /** None: the rule may open events at any time. */
  timeSlots: TimeSlot[];
}

/** A rule as the API answers it. */
export interface EventRule extends EventRuleSettings {
  id: string;
  appId: string;
  /** ISO date-times. */
  createdAt: string;
  updatedAt: string;
}

/** A device the editor offers (GET …/event-settings/devices). */
export interface RuleDeviceChoice {
  itemName: string;
  displayName: string;
  /** The data source's sensor type; '' when it has none. */
  deviceType: string;
  tags: string[];
  /** Its fields: name and display name. */
  fields: { name: string; displayName: string }[];
  commands: { id: string; display: string }[];
}
