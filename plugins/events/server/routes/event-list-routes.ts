import { defineAppRoute, HttpError, sendWorkbook, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import {
  EVENT_EXPORT_FILE_NAME,
  EVENT_EXPORT_LIMIT,
  EventExportQuery,
  EventIdParams,
  EventListParams,
  EventListQuery,
  type EventDetail,
  type EventListPage,
} from '../../common/event-query';
import { eventWorkbook } from './event-list-excel';
import { eventBatches, eventDetail, eventPage, filteredEvents, visibleEvents } from './event-query';

/**
 * The Event View's reads (accounts §3, shell §2.3): the application's events filtered and paged, one event with its
 * history, and the filtered list as an Excel file. A viewer limited to device tags sees only the events of its devices.
 */
export function eventListRoutes(db: Database, items: Pick<ItemLookup, 'visibleItems'>): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'GET',
      url: '/system-events-api/:appId/events',
      summary: 'The application’s events, newest first, filtered by severity, status, time, device, tags and text; one page',
      app: 'appId',
      params: EventListParams,
      query: EventListQuery,
      handler: async ({ app, query }): Promise<EventListPage> =>
        eventPage(db, await filteredEvents(items, app, query), query.page, query.size),
    }),
    defineAppRoute({
      method: 'GET',
      url: '/system-events-api/:appId/events/export',
      summary: `The filtered events as an Excel file (${EVENT_EXPORT_FILE_NAME}), newest first, at most ${EVENT_EXPORT_LIMIT}`,
      app: 'appId',
      params: EventListParams,
      query: EventExportQuery,
      rateLimit: { max: 20, timeWindowMs: 60_000 },
      handler: async ({ app, query, reply, t }) => {
        const where = await filteredEvents(items, app, query);
        const file = await eventWorkbook(eventBatches(db, where, EVENT_EXPORT_LIMIT), t, query.utcOffsetMinutes ?? 0);
        return sendWorkbook(reply, EVENT_EXPORT_FILE_NAME, file);
      },
    }),
    defineAppRoute({
      method: 'GET',
      url: '/system-events-api/:appId/events/:id',
      summary: 'One event of the application with its history, oldest first',
      app: 'appId',
      params: EventIdParams,
      handler: async ({ app, params }): Promise<EventDetail> => {
        const detail = await eventDetail(db, await visibleEvents(items, app), params.id);
        if (!detail) throw HttpError.notFound();
        return detail;
      },
    }),
  ];
}
