import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database, ScopedApplication } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import { WEBHOOK_DELIVERIES_PAGE_SIZE, type WebhookDeliveriesPage, type WebhookDeliveriesQuery } from '../common';
import { webhookDeliveries } from './schema';

/** The application's webhook tries, newest first; a user limited to device tags sees those of the items it can see. */
export async function listDeliveries(
  db: Database,
  items: ItemLookup,
  app: ScopedApplication,
  query: WebhookDeliveriesQuery,
): Promise<WebhookDeliveriesPage> {
  const conditions: SQL[] = [eq(webhookDeliveries.appId, app.id)];
  if (query.eventId) conditions.push(eq(webhookDeliveries.eventId, query.eventId));
  if (app.deviceTags) {
    const visible = await items.visibleItems(app.id, app.deviceTags);
    if (visible.length === 0) return { total: 0, page: query.page, size: WEBHOOK_DELIVERIES_PAGE_SIZE, deliveries: [] };
    conditions.push(
      inArray(
        webhookDeliveries.itemUuid,
        visible.map((item) => item.uuid),
      ),
    );
  }
  const where = and(...conditions);
  const [{ total }] = (await db.select({ total: count() }).from(webhookDeliveries).where(where)) as [{ total: number }];
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.at), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_PAGE_SIZE)
    .offset(query.page * WEBHOOK_DELIVERIES_PAGE_SIZE);
  return {
    total,
    page: query.page,
    size: WEBHOOK_DELIVERIES_PAGE_SIZE,
    deliveries: rows.map(({ webhookId, itemUuid: _itemUuid, appId: _appId, at, ...row }) => ({
      ...row,
      deliveryId: webhookId,
      at: at.toISOString(),
    })),
  };
}
