import type { LicenceSet } from './licences';

/** What the browser learns before login: white label, version and which plugins and licences are on. */
export interface SystemInfo {
  companyName: string;
  /** URL of the white-label logo, or null for the bundled default. */
  logoUrl: string | null;
  version: string;
  licences: LicenceSet;
  /** Ids of the plugins whose server part is running (licence on). */
  plugins: string[];
  /** The support address shown on the login page (SENSORIUM_SUPPORT_EMAIL); null hides the line. */
  supportEmail: string | null;
}

export const API_PREFIX = '/api';
export const PUSH_TOPICS = {
  systemEventUpdate: 'system-event-update',
  systemEventRefresh: 'system-event-refresh',
  /** Live item values of one application; keyed: sent only to sockets subscribed with the application id. */
  nodeValues: 'node-values',
} as const;

/** A message on the one push WebSocket. */
export interface PushMessage<T = unknown> {
  topic: string;
  data: T;
  /** Set on keyed topics: the subscription key (e.g. the application id) the message was sent for. */
  key?: string;
}

/**
 * What a browser sends on the push WebSocket: subscribes to / unsubscribes from a keyed topic (e.g. `node-values`
 * of one application), or carries on its session with a fresh access token of the same user after a refresh.
 * Keyed messages reach only subscribed sockets; unkeyed topics reach every socket.
 */
export type PushClientMessage =
  { subscribe: string; key: string } | { unsubscribe: string; key: string } | { authenticate: string };

/**
 * The push WebSocket's close code when there is no session (HTTP 401 in the range left to applications): a refused
 * token, an access token that expired without `authenticate`, a logout, a disabled account or a revoked session.
 */
export const PUSH_SESSION_CLOSE_CODE = 4401;

/**
 * The push WebSocket's close code when the server shuts down (1012, WebSocket's "Service Restart"): the session stands,
 * and the console reconnects (with its usual backoff) to this server once it is back, or to another instance.
 */
export const PUSH_RESTART_CLOSE_CODE = 1012;

/** At most this many keyed subscriptions per socket; further ones are ignored. */
export const MAX_PUSH_SUBSCRIPTIONS = 256;
