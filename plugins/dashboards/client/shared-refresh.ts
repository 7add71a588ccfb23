/** How often a share link's view polls its values and alarm lists (the push socket admits sessions only). */
export const SHARED_REFRESH_MS = 5000;
