import { describe, expect, it } from 'vitest';
import { defaultTaskSetting } from '@sensorium/nodes/common';
import { taskSettingValidator, webhookSettingValidator } from './range-validators';

describe('the range settings event-actions checks (nodes.range-action-validators/v1)', () => {
  it('checks an enabled webhook only, naming the field under the setting', () => {
    const valid = { enable: true, method: 'POST', url: 'https://hooks.example/x', headers: '', body: '' };
    expect(webhookSettingValidator.validate(valid)).toEqual([]);
    expect(webhookSettingValidator.validate({ ...valid, enable: false, url: '' })).toEqual([]);
    expect(webhookSettingValidator.validate({ ...valid, method: 'DELETE' })).toEqual([
      { field: 'method', code: 'nodes.validation.webhookMethod' },
    ]);
    expect(webhookSettingValidator.validate('on')).toEqual([{ field: '', code: 'validation.isObject' }]);
  });

  it('takes the three tasks over the defaults with trimmed devices, and names a wrong part', () => {
    expect(taskSettingValidator.validate({ taskAcked: { enable: true, device: ' pump ', commandId: 'on' } })).toEqual([]);
    expect(taskSettingValidator.normalize({ taskAcked: { enable: true, device: ' pump ', commandId: 'on' }, extra: 1 })).toEqual({
      ...defaultTaskSetting(),
      taskAcked: { enable: true, device: 'pump', commandId: 'on' },
    });
    expect(taskSettingValidator.validate({ taskCreated: 'on', taskCleared: { enable: 'yes', device: 3 } })).toEqual([
      { field: 'taskCreated', code: 'validation.isObject' },
      { field: 'taskCleared.enable', code: 'validation.isBoolean' },
      { field: 'taskCleared.device', code: 'validation.isString' },
    ]);
  });
});
