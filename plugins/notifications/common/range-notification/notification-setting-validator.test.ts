import { describe, expect, it } from 'vitest';
import { defaultNotificationSetting } from '@sensorium/nodes/common';
import { notificationSettingValidator } from './notification-setting-validator';

const { validate, normalize } = notificationSettingValidator;

describe('the notification setting of a range (nodes.range-action-validators/v1)', () => {
  it('takes channels, templates, departments and escalation over the defaults, each department once', () => {
    const setting = {
      smsEnabled: true,
      emailTemplate: '<p><b>Hot</b></p>',
      departments: ['Ops', 'Ops', 'Security'],
      escalation: { enable: true, everyMinutes: 5 },
      unknown: 'dropped',
    };
    expect(validate(setting)).toEqual([]);
    expect(normalize(setting)).toEqual({
      ...defaultNotificationSetting(),
      smsEnabled: true,
      emailTemplate: '<p><b>Hot</b></p>',
      departments: ['Ops', 'Security'],
      escalation: { enable: true, everyMinutes: 5, repeats: 3, nextPriority: false },
    });
  });

  it('names each wrong part under the setting with its message key', () => {
    expect(validate('on')).toEqual([{ field: '', code: 'validation.isObject' }]);
    expect(
      validate({ smsEnabled: 'yes', voiceTemplate: 3, departments: [1], escalation: { everyMinutes: 0, repeats: 101.5 } }),
    ).toEqual([
      { field: 'smsEnabled', code: 'validation.isBoolean' },
      { field: 'voiceTemplate', code: 'validation.isString' },
      { field: 'departments', code: 'validation.isArray' },
      { field: 'escalation.everyMinutes', code: 'validation.min', params: { constraint1: 1 } },
      { field: 'escalation.repeats', code: 'validation.isInt' },
    ]);
    expect(validate({ escalation: { repeats: 101 } })).toEqual([
      { field: 'escalation.repeats', code: 'validation.max', params: { constraint1: 100 } },
    ]);
    expect(validate({ escalation: { enable: 'yes', everyMinutes: 1441, nextPriority: 1 } })).toEqual([
      { field: 'escalation.enable', code: 'validation.isBoolean' },
      { field: 'escalation.everyMinutes', code: 'validation.max', params: { constraint1: 1440 } },
      { field: 'escalation.nextPriority', code: 'validation.isBoolean' },
    ]);
    expect(validate({ escalation: [] })).toEqual([{ field: 'escalation', code: 'validation.isObject' }]);
  });
});
