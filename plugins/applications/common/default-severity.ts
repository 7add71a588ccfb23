import type { SeverityColour, SeverityLevel, SeverityLevelSetting } from './application';

export interface DefaultSeverityLevel {
  level: SeverityLevel;
  /** i18n keys: the defaults are shown, and copied, in the user's language. */
  nameKey: string;
  descriptionKey: string;
  color: SeverityColour;
  sound: boolean;
  enabled: boolean;
}

/**
 * The default severity levels (shell spec §3 leaves them open; see README): named as accounts spec §3 names the
 * event-setting levels (Normal, Warning, Low, High, Critical), so one list serves rules, events and settings; coloured
 * as shell spec §9 colours events, with white as `none`. The two highest levels sound an alarm.
 */
export const DEFAULT_SEVERITY_LEVELS: readonly DefaultSeverityLevel[] = [
  defaultLevel('0', 'none', false),
  defaultLevel('1', 'yellow', false),
  defaultLevel('2', 'orange', false),
  defaultLevel('3', 'purple', true),
  defaultLevel('4', 'red', true),
];

function defaultLevel(level: SeverityLevel, color: SeverityColour, sound: boolean): DefaultSeverityLevel {
  return {
    level,
    nameKey: `applications.severity.defaults.${level}.name`,
    descriptionKey: `applications.severity.defaults.${level}.description`,
    color,
    sound,
    enabled: true,
  };
}

/** A default level as a setting entry, with its texts translated by `t`. */
export function defaultSeverityLevel(entry: DefaultSeverityLevel, t: (key: string) => string): SeverityLevelSetting {
  return {
    name: t(entry.nameKey),
    description: t(entry.descriptionKey),
    color: entry.color,
    sound: entry.sound,
    enabled: entry.enabled,
  };
}
