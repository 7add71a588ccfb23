import { asc } from 'drizzle-orm';
import { defineRoute, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import { NewRawDataItem, type RawDataItem } from '../common';
import { rawDataItems } from './schema';

function toItem(row: typeof rawDataItems.$inferSelect): RawDataItem {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() };
}

/** The plugin's REST API under /api/raw-data; the host checks the session and validates bodies first. */
export function rawDataRoutes(db: Database): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/raw-data/items',
      summary: 'Lists the Raw Data items, oldest first',
      handler: async () => {
        const rows = await db.select().from(rawDataItems).orderBy(asc(rawDataItems.createdAt), asc(rawDataItems.id));
        return rows.map(toItem);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/raw-data/items',
      summary: 'Adds a Raw Data item',
      body: NewRawDataItem,
      handler: async ({ body }) => {
        const [row] = await db.insert(rawDataItems).values({ name: body.name }).returning();
        return toItem(row!);
      },
    }),
  ];
}
