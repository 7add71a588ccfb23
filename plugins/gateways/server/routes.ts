import { asc } from 'drizzle-orm';
import { defineRoute, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import { NewGatewaysItem, type GatewaysItem } from '../common';
import { gatewaysItems } from './schema';

function toItem(row: typeof gatewaysItems.$inferSelect): GatewaysItem {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() };
}

/** The plugin's REST API under /api/gateways; the host checks the session and validates bodies first. */
export function gatewaysRoutes(db: Database): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/gateways/items',
      summary: 'Lists the Gateways items, oldest first',
      handler: async () => {
        const rows = await db.select().from(gatewaysItems).orderBy(asc(gatewaysItems.createdAt), asc(gatewaysItems.id));
        return rows.map(toItem);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/gateways/items',
      summary: 'Adds a Gateways item',
      body: NewGatewaysItem,
      handler: async ({ body }) => {
        const [row] = await db.insert(gatewaysItems).values({ name: body.name }).returning();
        return toItem(row!);
      },
    }),
  ];
}
