import { describe, expect, it } from 'vitest';
import { defaultFirstRange, defaultTaskSetting } from './field-preference';
import { rangeActionValue, withRangeActionValue } from './range-actions';

describe('a range action’s key', () => {
  it('reads and writes the setting at a dotted path, leaving the range itself unchanged', () => {
    const range = defaultFirstRange();
    const task = { taskCreated: { enable: true, device: 'pump', commandId: 'on' } };
    const changed = withRangeActionValue(range, 'eventSetting.task', task);
    expect(rangeActionValue(changed, 'eventSetting.task')).toEqual(task);
    expect(changed.eventSetting.enable).toBe(range.eventSetting.enable);
    expect(rangeActionValue(range, 'eventSetting.task')).toEqual(defaultTaskSetting());
    expect(rangeActionValue(range, 'notificationSetting.smsEnabled')).toBeUndefined();
    expect(rangeActionValue(withRangeActionValue(range, 'webhookSetting', { enable: true }), 'webhookSetting')).toEqual({
      enable: true,
    });
  });
});
