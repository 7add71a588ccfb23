import { describe, expect, it } from 'vitest';
import type { ApplicationDetail } from '../common';
import { enableCustomSeverity, formFromApplication, formIsValid, savePayload, severityRows } from './setting-form';

const t = (key: string) => `t(${key})`;
const app = (setting: ApplicationDetail['setting']): ApplicationDetail => ({
  id: 'plant',
  name: 'Plant',
  description: 'Pumps',
  logo: null,
  endCustomerId: 'end_default',
  endCustomerName: 'Default',
  updateDate: '2026-01-01T00:00:00Z',
  setting,
});
const custom = { name: 'Alarm', description: '', color: 'blue' as const, sound: true, enabled: false };

describe('the application setting form', () => {
  it('shows the five default levels read-only while the custom switch is off', () => {
    const rows = severityRows(formFromApplication(app({})), t);
    expect(rows.map((row) => [row.level, row.entry.color])).toEqual([
      ['0', 'none'],
      ['1', 'yellow'],
      ['2', 'orange'],
      ['3', 'purple'],
      ['4', 'red'],
    ]);
    expect(rows[4]!.entry.name).toBe('t(applications.severity.defaults.4.name)');
  });

  it('fills only the missing levels from the defaults when the switch is turned on', () => {
    const form = enableCustomSeverity(formFromApplication(app({ severitySetting: { '3': custom } })), t);
    expect(form.severitySettingEnable).toBe(true);
    expect(Object.keys(form.severitySetting).sort()).toEqual(['0', '1', '2', '3', '4']);
    expect(form.severitySetting['3']).toEqual(custom);
    expect(severityRows(form, t)[3]!.entry).toEqual(custom);
  });

  it('drops the setting from the payload when none existed and the switch stayed off', () => {
    const form = { ...formFromApplication(app({})), name: ' Plant 2 ' };
    expect(savePayload({}, form)).toEqual({ name: 'Plant 2', description: 'Pumps' });
    const existing = app({ severitySettingEnable: true, severitySetting: { '1': custom } });
    const off = { ...formFromApplication(existing), severitySettingEnable: false };
    expect(savePayload(existing.setting, off).setting).toEqual({
      severitySettingEnable: false,
      severitySetting: { '1': custom },
    });
    const on = enableCustomSeverity(formFromApplication(app({})), t);
    expect(savePayload({}, on).setting?.severitySettingEnable).toBe(true);
  });

  it('is invalid with a blank name or a blank custom level name', () => {
    const form = formFromApplication(app({}));
    expect(formIsValid(form)).toBe(true);
    expect(formIsValid({ ...form, name: '  ' })).toBe(false);
    const on = enableCustomSeverity(form, t);
    expect(formIsValid({ ...on, severitySetting: { ...on.severitySetting, '2': { ...custom, name: ' ' } } })).toBe(false);
  });
});
