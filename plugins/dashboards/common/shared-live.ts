/** The events of a share link's live stream (GET /dashboard-share/live). */
export const SHARED_LIVE_EVENTS = {
  /** A JSON array of the dashboard's bound items that changed (the `node-values` push's items). */
  values: 'values',
  /** The link was revoked or expired: the stream ends. */
  refused: 'refused',
  /** The server restarts: the stream ends, and the view opens it again. */
  restart: 'restart',
} as const;
