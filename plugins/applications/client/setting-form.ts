import {
  DEFAULT_SEVERITY_LEVELS,
  defaultSeverityLevel,
  SEVERITY_LEVELS,
  type ApplicationDetail,
  type ApplicationSetting,
  type SeverityLevel,
  type SeverityLevelSetting,
} from '../common';

/** What the Overview tab edits and saves with the save icon (shell spec §2.8, §4). */
export interface SettingForm {
  name: string;
  description: string;
  severitySettingEnable: boolean;
  severitySetting: Partial<Record<SeverityLevel, SeverityLevelSetting>>;
}

export function formFromApplication(app: ApplicationDetail): SettingForm {
  return {
    name: app.name,
    description: app.description,
    severitySettingEnable: app.setting.severitySettingEnable ?? false,
    severitySetting: { ...app.setting.severitySetting },
  };
}

/** Turning the custom switch on fills the missing levels from the defaults, in the user's language. */
export function enableCustomSeverity(form: SettingForm, t: (key: string) => string): SettingForm {
  const severitySetting = { ...form.severitySetting };
  for (const entry of DEFAULT_SEVERITY_LEVELS) severitySetting[entry.level] ??= defaultSeverityLevel(entry, t);
  return { ...form, severitySettingEnable: true, severitySetting };
}

/** The rows the severity table shows: the custom levels when the switch is on, the defaults (read-only) when off. */
export function severityRows(
  form: SettingForm,
  t: (key: string) => string,
): { level: SeverityLevel; entry: SeverityLevelSetting }[] {
  if (!form.severitySettingEnable) {
    return DEFAULT_SEVERITY_LEVELS.map((entry) => ({ level: entry.level, entry: defaultSeverityLevel(entry, t) }));
  }
  return SEVERITY_LEVELS.flatMap((level) => {
    const entry = form.severitySetting[level];
    return entry ? [{ level, entry }] : [];
  });
}

/** Name (and every shown custom level name) must not be blank: "Please fill out the form." */
export function formIsValid(form: SettingForm): boolean {
  const levelNames = form.severitySettingEnable ? Object.values(form.severitySetting).map((entry) => entry?.name ?? '') : [];
  return [form.name, ...levelNames].every((text) => text.trim() !== '');
}

/** The PATCH body; the setting is dropped when none existed and the custom switch is still off. */
export function savePayload(
  original: ApplicationSetting,
  form: SettingForm,
): { name: string; description: string; setting?: ApplicationSetting } {
  const base = { name: form.name.trim(), description: form.description.trim() };
  if (original.severitySetting === undefined && !form.severitySettingEnable) return base;
  return { ...base, setting: { severitySettingEnable: form.severitySettingEnable, severitySetting: form.severitySetting } };
}
