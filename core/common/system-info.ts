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
}

export const API_PREFIX = '/api';
export const PUSH_TOPICS = {
  systemEventUpdate: 'system-event-update',
  systemEventRefresh: 'system-event-refresh',
} as const;

/** A message on the one push WebSocket. */
export interface PushMessage<T = unknown> {
  topic: string;
  data: T;
}
