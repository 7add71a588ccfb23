import { getEnv } from 'mobx-state-tree';
import type { HttpClient, StoreEnv } from '@sensorium/core/client';
import type { EventActionResult } from '../common/event-action-input';
import type { EventDetail, EventListPage, EventStatusFilter } from '../common/event-query';

/** The Event View's filters as the page holds them; empty texts and nulls filter nothing. */
export interface EventFilters {
  severity: number | null;
  status: EventStatusFilter | null;
  /** ISO date and time, or ''. */
  from: string;
  to: string;
  device: string;
  /** Comma-separated device tags. */
  tags: string;
  q: string;
}

export const NO_FILTERS: EventFilters = { severity: null, status: null, from: '', to: '', device: '', tags: '', q: '' };

/** The filters as query parameters: only those that filter something. */
export function filterParams(filters: EventFilters): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (filters.severity !== null) params.severity = filters.severity;
  if (filters.status !== null) params.status = filters.status;
  for (const key of ['from', 'to', 'device', 'tags', 'q'] as const) {
    const value = filters[key].trim();
    if (value) params[key] = value;
  }
  return params;
}

const path = (appId: string) => `system-events-api/${encodeURIComponent(appId)}/events`;

/** The events plugin's calls, for its stores. */
export function createEventsApi(http: HttpClient) {
  return {
    list: (appId: string, filters: EventFilters, page: number, size: number) =>
      http.get(path(appId), { searchParams: { ...filterParams(filters), page, size } }).json<EventListPage>(),
    detail: (appId: string, id: string) => http.get(`${path(appId)}/${encodeURIComponent(id)}`).json<EventDetail>(),
    /** events.xlsx of the filtered list, times at the browser's offset from UTC in minutes. */
    export: (appId: string, filters: EventFilters, utcOffsetMinutes: number) =>
      http.get(`${path(appId)}/export`, { searchParams: { ...filterParams(filters), utcOffsetMinutes } }).blob(),
    act: (appId: string, action: 'ack' | 'clear', ids: readonly string[], comment: string) =>
      http
        .post(`${path(appId)}/${action}`, { json: { ids, ...(comment.trim() ? { comment: comment.trim() } : {}) } })
        .json<EventActionResult>(),
  };
}

export type EventsApi = ReturnType<typeof createEventsApi>;

/** The API for a store node, through the console's HTTP client in the store's environment. */
export function eventsApi(node: object): EventsApi {
  return createEventsApi(getEnv<Pick<StoreEnv, 'http'>>(node).http);
}
