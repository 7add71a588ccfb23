import { asc } from 'drizzle-orm';
import { defineRoute, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import { New{{Name}}Item, type {{Name}}Item } from '../common';
import { {{camelName}}Items } from './schema';

function toItem(row: typeof {{camelName}}Items.$inferSelect): {{Name}}Item {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() };
}

/** The plugin's REST API under /api/{{id}}; the host checks the session and validates bodies first. */
export function {{camelName}}Routes(db: Database): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/{{id}}/items',
      summary: 'Lists the {{title}} items, oldest first',
      handler: async () => {
        const rows = await db.select().from({{camelName}}Items).orderBy(asc({{camelName}}Items.createdAt), asc({{camelName}}Items.id));
        return rows.map(toItem);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/{{id}}/items',
      summary: 'Adds a {{title}} item',
      body: New{{Name}}Item,
      handler: async ({ body }) => {
        const [row] = await db.insert({{camelName}}Items).values({ name: body.name }).returning();
        return toItem(row!);
      },
    }),
  ];
}
