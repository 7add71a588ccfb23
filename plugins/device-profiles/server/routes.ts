import { asc } from 'drizzle-orm';
import { defineRoute, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import { NewDeviceProfilesItem, type DeviceProfilesItem } from '../common';
import { deviceProfilesItems } from './schema';

function toItem(row: typeof deviceProfilesItems.$inferSelect): DeviceProfilesItem {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() };
}

/** The plugin's REST API under /api/device-profiles; the host checks the session and validates bodies first. */
export function deviceProfilesRoutes(db: Database): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/device-profiles/items',
      summary: 'Lists the Device Profiles items, oldest first',
      handler: async () => {
        const rows = await db
          .select()
          .from(deviceProfilesItems)
          .orderBy(asc(deviceProfilesItems.createdAt), asc(deviceProfilesItems.id));
        return rows.map(toItem);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/device-profiles/items',
      summary: 'Adds a Device Profiles item',
      body: NewDeviceProfilesItem,
      handler: async ({ body }) => {
        const [row] = await db.insert(deviceProfilesItems).values({ name: body.name }).returning();
        return toItem(row!);
      },
    }),
  ];
}
