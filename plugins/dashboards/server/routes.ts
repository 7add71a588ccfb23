import { asc } from 'drizzle-orm';
import { defineRoute, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import { NewDashboardsItem, type DashboardsItem } from '../common';
import { dashboardsItems } from './schema';

function toItem(row: typeof dashboardsItems.$inferSelect): DashboardsItem {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() };
}

/** The plugin's REST API under /api/dashboards; the host checks the session and validates bodies first. */
export function dashboardsRoutes(db: Database): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/dashboards/items',
      summary: 'Lists the Dashboards items, oldest first',
      handler: async () => {
        const rows = await db.select().from(dashboardsItems).orderBy(asc(dashboardsItems.createdAt), asc(dashboardsItems.id));
        return rows.map(toItem);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/dashboards/items',
      summary: 'Adds a Dashboards item',
      body: NewDashboardsItem,
      handler: async ({ body }) => {
        const [row] = await db.insert(dashboardsItems).values({ name: body.name }).returning();
        return toItem(row!);
      },
    }),
  ];
}
