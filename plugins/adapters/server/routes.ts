import { asc } from 'drizzle-orm';
import { defineRoute, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import { NewAdaptersItem, type AdaptersItem } from '../common';
import { adaptersItems } from './schema';

function toItem(row: typeof adaptersItems.$inferSelect): AdaptersItem {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() };
}

/** The plugin's REST API under /api/adapters; the host checks the session and validates bodies first. */
export function adaptersRoutes(db: Database): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/adapters/items',
      summary: 'Lists the Adapters items, oldest first',
      handler: async () => {
        const rows = await db.select().from(adaptersItems).orderBy(asc(adaptersItems.createdAt), asc(adaptersItems.id));
        return rows.map(toItem);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/adapters/items',
      summary: 'Adds a Adapters item',
      body: NewAdaptersItem,
      handler: async ({ body }) => {
        const [row] = await db.insert(adaptersItems).values({ name: body.name }).returning();
        return toItem(row!);
      },
    }),
  ];
}
