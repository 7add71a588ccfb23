import { asc } from 'drizzle-orm';
import { defineRoute, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import { NewTimerMissionsItem, type TimerMissionsItem } from '../common';
import { timerMissionsItems } from './schema';

function toItem(row: typeof timerMissionsItems.$inferSelect): TimerMissionsItem {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() };
}

/** The plugin's REST API under /api/timer-missions; the host checks the session and validates bodies first. */
export function timerMissionsRoutes(db: Database): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/timer-missions/items',
      summary: 'Lists the Timer Missions items, oldest first',
      handler: async () => {
        const rows = await db
          .select()
          .from(timerMissionsItems)
          .orderBy(asc(timerMissionsItems.createdAt), asc(timerMissionsItems.id));
        return rows.map(toItem);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/timer-missions/items',
      summary: 'Adds a Timer Missions item',
      body: NewTimerMissionsItem,
      handler: async ({ body }) => {
        const [row] = await db.insert(timerMissionsItems).values({ name: body.name }).returning();
        return toItem(row!);
      },
    }),
  ];
}
