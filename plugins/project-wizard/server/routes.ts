import { asc } from 'drizzle-orm';
import { defineRoute, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import { NewProjectWizardItem, type ProjectWizardItem } from '../common';
import { projectWizardItems } from './schema';

function toItem(row: typeof projectWizardItems.$inferSelect): ProjectWizardItem {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() };
}

/** The plugin's REST API under /api/project-wizard; the host checks the session and validates bodies first. */
export function projectWizardRoutes(db: Database): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/project-wizard/items',
      summary: 'Lists the Project Wizard items, oldest first',
      handler: async () => {
        const rows = await db
          .select()
          .from(projectWizardItems)
          .orderBy(asc(projectWizardItems.createdAt), asc(projectWizardItems.id));
        return rows.map(toItem);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/project-wizard/items',
      summary: 'Adds a Project Wizard item',
      body: NewProjectWizardItem,
      handler: async ({ body }) => {
        const [row] = await db.insert(projectWizardItems).values({ name: body.name }).returning();
        return toItem(row!);
      },
    }),
  ];
}
