import {
  defineAppRoute,
  exportWorkbook,
  formatExportTime,
  sendWorkbook,
  type AnyRouteDefinition,
  type Database,
  type ExportColumn,
  type ScopedApplication,
} from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import {
  HISTORY_EXPORT_FILE_NAME,
  HISTORY_EXPORT_LIMIT,
  HistoryAppParams,
  HistoryExportQuery,
  HistoryListQuery,
  type NotificationDelivery,
} from '../../common/history';
import { historyBatches, historyPage, type HistoryScope } from './history-query';
import { historyPageSchema } from './response-schemas';

type Translate = (key: string) => string;

/** The Notification History's columns (accounts §3: ID, date, service, channel, usage, reference, name, contact, status). */
function exportColumns(t: Translate, utcOffsetMinutes: number): ExportColumn<NotificationDelivery>[] {
  const header = (key: string) => t(`notifications.history.columns.${key}`);
  return [
    { header: header('id'), width: 38, cell: (row) => row.id },
    { header: header('date'), width: 20, cell: (row) => formatExportTime(row.createdAt, utcOffsetMinutes) },
    { header: header('service'), width: 10, cell: (row) => row.service },
    { header: header('channel'), width: 10, cell: (row) => t(`notifications.history.channels.${row.channel}`) },
    { header: header('usage'), width: 12, cell: (row) => t(`notifications.history.usages.${row.usage}`) },
    { header: header('reference'), width: 40, cell: (row) => row.reference },
    { header: header('name'), width: 24, cell: (row) => row.name },
    { header: header('contact'), width: 28, cell: (row) => row.contact },
    { header: header('status'), width: 12, cell: (row) => t(`notifications.history.statuses.${row.status}`) },
  ];
}

/** GET /notifications/:appId/history and …/history/export (xlsx): the application's deliveries, filtered. */
export function historyRoutes(db: Database, items: Pick<ItemLookup, 'visibleItems'>): AnyRouteDefinition[] {
  const scopeOf = async (app: ScopedApplication): Promise<HistoryScope> => ({
    appId: app.id,
    itemUuids: app.deviceTags ? (await items.visibleItems(app.id, app.deviceTags)).map((item) => item.uuid) : null,
  });
  return [
    defineAppRoute({
      method: 'GET',
      url: '/notifications/:appId/history',
      summary: "One page of the application's notification deliveries, newest first, filtered",
      app: 'appId',
      params: HistoryAppParams,
      query: HistoryListQuery,
      response: historyPageSchema,
      handler: async ({ app, query }) =>
        historyPage(db, await scopeOf(app), query, { offset: query.page * query.size, limit: query.size }),
    }),
    defineAppRoute({
      method: 'GET',
      url: '/notifications/:appId/history/export',
      summary: `The filtered notification deliveries as an Excel file (${HISTORY_EXPORT_FILE_NAME}, newest ${HISTORY_EXPORT_LIMIT})`,
      app: 'appId',
      params: HistoryAppParams,
      query: HistoryExportQuery,
      rateLimit: { max: 20, timeWindowMs: 60_000 },
      handler: async ({ app, query, reply, t }) => {
        const batches = historyBatches(db, await scopeOf(app), query, HISTORY_EXPORT_LIMIT);
        const file = await exportWorkbook('Notification History', exportColumns(t, query.utcOffsetMinutes ?? 0), batches);
        return sendWorkbook(reply, HISTORY_EXPORT_FILE_NAME, file);
      },
    }),
  ];
}
