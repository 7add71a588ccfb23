import { createToken } from '@sensorium/core/common';
import { SEVERITY_LEVELS, type ApplicationSetting, type SeverityColour, type SeverityLevel } from './application';
import { DEFAULT_SEVERITY_LEVELS } from './default-severity';
import { SEVERITY_COLOUR_STYLES } from './event-severity-colour';

/** How one severity level of an application is shown wherever events and severities are (shell spec §2.8, §3). */
export interface SeverityPresentation {
  level: SeverityLevel;
  name: string;
  description: string;
  colour: SeverityColour;
  /** CSS colours of the level's dot or banner and of text on it. */
  background: string;
  text: string;
  /** Whether the level sounds an alarm. */
  sound: boolean;
  enabled: boolean;
}

/** The severity level an event's number stands for: 0 to 4, out-of-range numbers clamped. */
export function severityLevelOf(severity: number): SeverityLevel {
  const index = Number.isFinite(severity) ? Math.min(Math.max(Math.trunc(severity), 0), SEVERITY_LEVELS.length - 1) : 0;
  return SEVERITY_LEVELS[index] ?? '0';
}

/**
 * How `severity` is shown for an application with `setting`: its own level while custom severity is on and the level
 * is set, else the default level (names and descriptions translated by `t`). A disabled level keeps its name, so the
 * events already raised at it stay readable, but loses its colour and sound: it no longer alerts.
 */
export function severityPresentation(
  setting: ApplicationSetting | null | undefined,
  severity: number,
  t: (key: string) => string,
): SeverityPresentation {
  const level = severityLevelOf(severity);
  const custom = setting?.severitySettingEnable ? setting.severitySetting?.[level] : undefined;
  const fallback = DEFAULT_SEVERITY_LEVELS[Number(level)];
  const entry = custom ?? {
    name: fallback ? t(fallback.nameKey) : level,
    description: fallback ? t(fallback.descriptionKey) : '',
    color: fallback?.color ?? 'none',
    sound: fallback?.sound ?? false,
    enabled: fallback?.enabled ?? true,
  };
  const colour = entry.enabled ? entry.color : 'none';
  return {
    level,
    name: entry.name,
    description: entry.description,
    colour,
    ...SEVERITY_COLOUR_STYLES[colour],
    sound: entry.enabled && entry.sound,
    enabled: entry.enabled,
  };
}

/** An application's five severity levels as they are shown, lowest first. */
export interface SeverityScale {
  levels: readonly SeverityPresentation[];
  /** The presentation of an event's severity (clamped to 0–4). */
  of(severity: number): SeverityPresentation;
}

export function severityScale(setting: ApplicationSetting | null | undefined, t: (key: string) => string): SeverityScale {
  const levels = SEVERITY_LEVELS.map((level) => severityPresentation(setting, Number(level), t));
  return {
    levels,
    of: (severity) => levels[Number(severityLevelOf(severity))] ?? severityPresentation(setting, severity, t),
  };
}

/**
 * The console's way for other plugins' pages to show the current application's severities (the one in the path,
 * /app/{app_id}/…): its custom levels once the application list has loaded, the defaults until then and outside an
 * application. Provided by the applications client plugin.
 */
export interface ApplicationSeverities {
  /** A React hook; read inside an observer() component so a changed setting shows at once. */
  useSeverityScale(): SeverityScale;
}
export const ApplicationSeveritiesToken = createToken<ApplicationSeverities>('applications.severities');
