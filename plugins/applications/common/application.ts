import type { ApplicationSummary } from './types';

/** Colours a severity level may take (shell spec §3). */
export const SEVERITY_COLOURS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'none'] as const;
export type SeverityColour = (typeof SEVERITY_COLOURS)[number];

/** Severity levels of events: 0 to 4 (shell spec §9). */
export const SEVERITY_LEVELS = ['0', '1', '2', '3', '4'] as const;
export type SeverityLevel = (typeof SEVERITY_LEVELS)[number];

export interface SeverityLevelSetting {
  name: string;
  description: string;
  color: SeverityColour;
  sound: boolean;
  enabled: boolean;
}

/** An application's settings; a key is absent until the user first saves it. */
export interface ApplicationSetting {
  severitySettingEnable?: boolean;
  severitySetting?: Partial<Record<SeverityLevel, SeverityLevelSetting>>;
}

/** GET /application/{id} (shell spec §3): the list's fields with the settings, without the event area. */
export type ApplicationDetail = Omit<ApplicationSummary, 'event'>;

/**
 * Logos: raster images only. SVG is refused because an SVG served from the console's own origin can run script.
 * 2 MB is plenty for a logo and keeps backups small.
 */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
