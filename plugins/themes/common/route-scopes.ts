/** The route scope kind of a theme profile: the pipeline answers 404 unless the caller may see the theme. */
export const THEME_SCOPE = 'theme';
