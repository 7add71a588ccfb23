import { describe, expect, it } from 'vitest';
import type { ApplicationSetting, SeverityLevelSetting } from './application';
import { applicationsI18n } from './i18n';
import { severityPresentation, severityScale } from './severity-presentation';

/** A translation function over the plugin's resources (the keys the defaults use are plain paths). */
const translator =
  (language: 'en' | 'hk') =>
  (key: string): string =>
    String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], applicationsI18n[language]));
const en = translator('en');
const hk = translator('hk');

const level = (overrides: Partial<SeverityLevelSetting>): SeverityLevelSetting => ({
  name: 'Boiler on fire',
  description: 'Call the fire brigade',
  color: 'blue',
  sound: true,
  enabled: true,
  ...overrides,
});

describe('severityPresentation', () => {
  it('shows the default levels, named as event settings name them, in the user’s language', () => {
    expect(severityScale(undefined, en).levels.map((shown) => shown.name)).toEqual([
      'Normal',
      'Warning',
      'Low',
      'High',
      'Critical',
    ]);
    expect(severityPresentation({}, 4, hk).name).toBe('嚴重');
    expect(severityPresentation(null, 4, en)).toMatchObject({ colour: 'red', background: '#d13438', sound: true });
    expect(severityPresentation(null, 0, en)).toMatchObject({ colour: 'none', background: '#ffffff', sound: false });
  });

  it('shows an application’s own level while custom severity is on', () => {
    const setting: ApplicationSetting = { severitySettingEnable: true, severitySetting: { '4': level({}) } };
    expect(severityPresentation(setting, 4, en)).toMatchObject({
      level: '4',
      name: 'Boiler on fire',
      description: 'Call the fire brigade',
      colour: 'blue',
      background: '#0f6cbd',
      text: '#ffffff',
      sound: true,
      enabled: true,
    });
  });

  it('keeps the defaults while custom severity is off, even with levels saved', () => {
    const setting: ApplicationSetting = { severitySettingEnable: false, severitySetting: { '4': level({}) } };
    expect(severityPresentation(setting, 4, en)).toMatchObject({ name: 'Critical', colour: 'red' });
  });

  it('takes the default for a level the custom settings lack', () => {
    const setting: ApplicationSetting = { severitySettingEnable: true, severitySetting: { '4': level({}) } };
    expect(severityPresentation(setting, 3, en)).toMatchObject({ level: '3', name: 'High', colour: 'purple', sound: true });
  });

  it('names a disabled level but gives it no colour and no sound', () => {
    const setting: ApplicationSetting = {
      severitySettingEnable: true,
      severitySetting: { '3': level({ name: 'Pump slow', color: 'orange', enabled: false }) },
    };
    expect(severityPresentation(setting, 3, en)).toMatchObject({
      name: 'Pump slow',
      colour: 'none',
      background: '#ffffff',
      sound: false,
      enabled: false,
    });
  });

  it('clamps severities outside 0 to 4', () => {
    const scale = severityScale({ severitySettingEnable: true, severitySetting: { '4': level({}) } }, en);
    expect(scale.of(9).name).toBe('Boiler on fire');
    expect(scale.of(-1).name).toBe('Normal');
    expect(scale.of(2.7).name).toBe('Low');
    expect(scale.of(Number.NaN).level).toBe('0');
  });
});
