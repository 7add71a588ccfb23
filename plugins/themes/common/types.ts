/** The look of a dashboard (shell spec §3 Theme profile). Colours are #RRGGBB or #RRGGBBAA, or `white` / `transparent`. */
export interface DashboardTheme {
  fontColor: string;
  panelColor: string;
  /** The stored file name of the background image; '' for none. */
  backgroundImage: string;
  grid_stack_space_background_color: string;
}

/** One row of GET /theme-profile/ and the answer of creating or updating a theme. */
export interface ThemeProfile {
  id: string;
  name: string;
  description: string;
  theme: { name: string; dashboard: DashboardTheme };
}

/** The spec's defaults for a new theme (shell spec §3). */
export const NEW_THEME_DEFAULTS = {
  name: 'new-theme',
  description: 'new theme',
  dashboard: {
    fontColor: '#212427',
    panelColor: 'white',
    backgroundImage: '',
    grid_stack_space_background_color: 'transparent',
  } satisfies DashboardTheme,
};

/** Background images: images only, at most 5 MB. SVG is refused because it can carry script. */
export const BACKGROUND_IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
export const BACKGROUND_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart field of PUT /theme-profile/:id/background. */
export const BACKGROUND_IMAGE_FIELD = 'image';
