import { createToken, type SessionUser } from '@sensorium/core/common';
import type { DashboardTheme } from './types';

/** Reads of themes for other plugins (provided by the themes plugin, which owns theme_profiles). */
export interface ThemeLookup {
  /** Whether the user may see (and so choose) the theme. */
  isVisible(user: SessionUser, id: string): Promise<boolean>;
  /**
   * The theme's dashboard look, whoever asks: for viewers without a session (dashboards' share links), whose caller
   * answers for showing it (a dashboard's theme was checked visible to the user who chose it). Null when it is gone.
   */
  dashboardTheme(id: string): Promise<DashboardTheme | null>;
  /** The theme's background image: its bytes, or (object storage) an expiring link; null when it has none. */
  backgroundImage(id: string): Promise<{ content: Uint8Array; contentType: string } | { url: string } | null>;
}
export const ThemeLookupToken = createToken<ThemeLookup>('themes.theme-lookup');
