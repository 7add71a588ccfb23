/** How often a share link's view polls its alarm lists, and its values should its live stream be down. */
export const SHARED_REFRESH_MS = 5000;
