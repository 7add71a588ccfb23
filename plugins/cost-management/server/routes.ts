import { defineRoute, exportWorkbook, sendWorkbook, type AnyRouteDefinition, type ExportColumn } from '@sensorium/core/server';
import { LICENCES } from '@sensorium/core/common';
import { USAGE_CHANNELS, USAGE_EXPORT_FILE_NAME, UsageReportQuery, type UsageRow } from '../common';
import { usageReportSchema } from './response-schemas';
import { usageReport, type UsageSources } from './usage-report';

/**
 * Who reads usage: the operator (every application) and system integrators (their organisation's) holding `setting`,
 * the permission of application settings. End customers do not: what their applications cost is between the operator
 * and the integrator.
 */
const ACCESS = { licence: LICENCES.testFeature, permission: 'setting', levels: ['cloud', 'si-customer'] } as const;

function exportColumns(t: (key: string) => string): ExportColumn<UsageRow>[] {
  const column = (key: string, width: number, cell: (row: UsageRow) => string | number): ExportColumn<UsageRow> => ({
    header: t(`cost-management.columns.${key}`),
    width,
    cell,
  });
  return [
    column('month', 10, (row) => row.month),
    column('application', 30, (row) => row.appName),
    column('appId', 24, (row) => row.appId),
    column('endCustomer', 30, (row) => row.endCustomerName),
    column('uplinks', 12, (row) => row.uplinks),
    column('rawRows', 12, (row) => row.rawRows),
    column('historyRows', 12, (row) => row.historyRows),
    ...USAGE_CHANNELS.map((channel) => column(channel, 12, (row) => row.messages[channel])),
  ];
}

/** GET /api/cost-management/usage and its Excel export. */
export function costManagementRoutes(sources: UsageSources): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/cost-management/usage',
      summary: 'Usage per application and month (uplinks, stored rows, messages per channel) of the visible applications',
      ...ACCESS,
      query: UsageReportQuery,
      response: usageReportSchema,
      handler: ({ user, query }) => usageReport(sources, user, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/cost-management/usage/export',
      summary: `The usage report as an Excel file (${USAGE_EXPORT_FILE_NAME})`,
      ...ACCESS,
      query: UsageReportQuery,
      rateLimit: { max: 20, timeWindowMs: 60_000 },
      handler: async ({ user, query, reply, t }) => {
        const report = await usageReport(sources, user, query);
        const file = await exportWorkbook('Usage', exportColumns(t), [report.rows]);
        return sendWorkbook(reply, USAGE_EXPORT_FILE_NAME, file);
      },
    }),
  ];
}
