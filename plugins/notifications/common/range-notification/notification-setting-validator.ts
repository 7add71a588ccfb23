import {
  defaultEscalation,
  defaultNotificationSetting,
  type NotificationSetting,
  type PreferenceProblem,
  type RangeActionValidator,
} from '@sensorium/nodes/common';
import { escalationProblems } from './escalation-rules';

type Loose = Record<string, unknown>;

const CHANNELS = ['smsEnabled', 'whatsappEnabled', 'emailEnabled', 'voiceEnabled'] as const;
const TEMPLATES = ['smsTemplate', 'emailTemplate', 'voiceTemplate'] as const;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const given = (value: unknown) => value !== undefined && value !== null;

/** The Notification Setting of a range (node spec 2.7, 3.3): channels on or off, templates as text, departments. */
function validate(value: unknown): PreferenceProblem[] {
  if (!isObject(value)) return [{ field: '', code: 'validation.isObject' }];
  const problems: PreferenceProblem[] = [];
  for (const key of CHANNELS) {
    if (value[key] !== undefined && typeof value[key] !== 'boolean') problems.push({ field: key, code: 'validation.isBoolean' });
  }
  for (const key of TEMPLATES) {
    if (given(value[key]) && typeof value[key] !== 'string') problems.push({ field: key, code: 'validation.isString' });
  }
  const departments = value.departments;
  if (given(departments) && (!Array.isArray(departments) || departments.some((entry) => typeof entry !== 'string'))) {
    problems.push({ field: 'departments', code: 'validation.isArray' });
  }
  if (given(value.escalation)) problems.push(...escalationProblems(value.escalation));
  return problems;
}

/** The checked setting over the defaults: known keys only, each department once. */
function normalize(value: unknown): NotificationSetting {
  const setting = value as Loose;
  const result = defaultNotificationSetting();
  for (const key of CHANNELS) if (setting[key] !== undefined) result[key] = setting[key] as boolean;
  for (const key of TEMPLATES) if (given(setting[key])) result[key] = setting[key] as string;
  if (given(setting.departments)) result.departments = [...new Set(setting.departments as string[])];
  if (given(setting.escalation)) {
    const escalation = setting.escalation as Loose;
    result.escalation = defaultEscalation();
    for (const key of ['enable', 'nextPriority'] as const) {
      if (escalation[key] !== undefined) result.escalation[key] = escalation[key] as boolean;
    }
    for (const key of ['everyMinutes', 'repeats'] as const) {
      if (escalation[key] !== undefined) result.escalation[key] = escalation[key] as number;
    }
  }
  return result;
}

/**
 * The check of a Notification Setting: the ranges' notificationSetting (the notifications plugin's
 * nodes.range-action-validators/v1 contribution) and the event-settings rules' notification action.
 */
export const notificationSettingValidator: RangeActionValidator = { key: 'notificationSetting', validate, normalize };
