import type { ApplicationAccess } from '@sensorium/applications/common';
import type { SessionUser } from '@sensorium/core/common';
import { HttpError } from '@sensorium/core/server';
import type { DeviceDataUsage } from '@sensorium/device-pipeline/common';
import type { WebhookUsage } from '@sensorium/event-actions/common';
import type { NotificationUsage } from '@sensorium/notifications/common';
import {
  monthCount,
  monthEnd,
  monthStart,
  monthsBetween,
  USAGE_CHANNELS,
  USAGE_MAX_MONTHS,
  type UsageChannel,
  type UsageReport,
  type UsageReportQuery,
  type UsageRow,
} from '../common';

/** The services the report counts through: each plugin counts its own tables. */
export interface UsageSources {
  access: Pick<ApplicationAccess, 'visible'>;
  devices: DeviceDataUsage;
  notifications: NotificationUsage;
  webhooks: WebhookUsage;
}

const noMessages = (): Record<UsageChannel, number> =>
  Object.fromEntries(USAGE_CHANNELS.map((channel) => [channel, 0])) as Record<UsageChannel, number>;

/**
 * The usage of every application the user may see, month by month: the four counts run at once, each one grouped
 * statement (or a few) in the owning plugin, and are merged here by application and month.
 */
export async function usageReport(sources: UsageSources, user: SessionUser, query: UsageReportQuery): Promise<UsageReport> {
  const count = monthCount(query.from, query.to);
  if (count < 1) throw HttpError.badRequest('cost-management.validation.rangeOrder', 'to');
  if (count > USAGE_MAX_MONTHS)
    throw HttpError.badRequest('cost-management.validation.rangeLength', 'to', { max: USAGE_MAX_MONTHS });
  const months = monthsBetween(query.from, query.to);
  const apps = await sources.access.visible(user);
  const ids = apps.map((app) => app.id);
  const [from, to] = [monthStart(query.from), monthEnd(query.to)];
  const [devices, notifications, webhooks] = await Promise.all([
    sources.devices.monthly(ids, from, to),
    sources.notifications.monthly(ids, from, to),
    sources.webhooks.monthly(ids, from, to),
  ]);

  const byApp = new Map(apps.map((app) => [app.id, app]));
  const rows = new Map<string, UsageRow>();
  const row = (appId: string, month: string): UsageRow => {
    const key = `${month}\u0000${appId}`;
    let found = rows.get(key);
    if (!found) {
      const app = byApp.get(appId)!;
      found = {
        appId,
        appName: app.name,
        endCustomerName: app.endCustomerName,
        month,
        uplinks: 0,
        rawRows: 0,
        historyRows: 0,
        messages: noMessages(),
      };
      rows.set(key, found);
    }
    return found;
  };
  for (const entry of devices) {
    const target = row(entry.appId, entry.month);
    target.uplinks += entry.rawRows + entry.deadLetters;
    target.rawRows += entry.rawRows;
    target.historyRows += entry.historyRows;
  }
  for (const entry of notifications) row(entry.appId, entry.month).messages[entry.channel] += entry.messages;
  for (const entry of webhooks) row(entry.appId, entry.month).messages.webhook += entry.requests;

  const sorted = [...rows.values()].sort(
    (a, b) => a.month.localeCompare(b.month) || a.appName.localeCompare(b.appName) || a.appId.localeCompare(b.appId),
  );
  return { from: query.from, to: query.to, months, applications: apps.length, rows: sorted };
}
