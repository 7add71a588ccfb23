import { asc } from 'drizzle-orm';
import { defineRoute, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import { NewCostManagementItem, type CostManagementItem } from '../common';
import { costManagementItems } from './schema';

function toItem(row: typeof costManagementItems.$inferSelect): CostManagementItem {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() };
}

/** The plugin's REST API under /api/cost-management; the host checks the session and validates bodies first. */
export function costManagementRoutes(db: Database): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/cost-management/items',
      summary: 'Lists the Cost Management items, oldest first',
      handler: async () => {
        const rows = await db
          .select()
          .from(costManagementItems)
          .orderBy(asc(costManagementItems.createdAt), asc(costManagementItems.id));
        return rows.map(toItem);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/cost-management/items',
      summary: 'Adds a Cost Management item',
      body: NewCostManagementItem,
      handler: async ({ body }) => {
        const [row] = await db.insert(costManagementItems).values({ name: body.name }).returning();
        return toItem(row!);
      },
    }),
  ];
}
