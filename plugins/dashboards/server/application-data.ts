import { asc, eq } from 'drizzle-orm';
import type { ApplicationData, ApplicationDataParticipant, Database } from '@sensorium/core/server';
import type { WidgetDefinition } from '../common';
import type { DashboardRepository } from './repository';
import { dashboards } from './schema';

const TABLE = 'dashboards';
type Row = Record<string, unknown>;

/**
 * An application's dashboards in its backups, after its items (order 45). Share links stay out: a restored dashboard
 * starts with none, so a link revoked since the backup cannot come back. Widgets bind items by uuid; a restore into
 * another application (whose items get fresh uuids) keeps the layout, and widgets whose item is missing say so.
 */
export function dashboardsDataParticipant(db: Database, repository: DashboardRepository): ApplicationDataParticipant {
  return {
    id: 'dashboards.dashboards',
    order: 45,
    async exportData(appId: string): Promise<ApplicationData> {
      const rows = await db
        .select()
        .from(dashboards)
        .where(eq(dashboards.appId, appId))
        .orderBy(asc(dashboards.createdAt), asc(dashboards.id));
      return {
        data: [
          {
            table: TABLE,
            rows: rows.map((row) => ({
              ...row,
              createdAt: row.createdAt.toISOString(),
              updatedAt: row.updatedAt.toISOString(),
            })),
          },
        ],
        files: [],
      };
    },
    async importData(targetAppId, exported, transaction) {
      const rows = exported.data.find((set) => set.table === TABLE)?.rows ?? [];
      const valid = (rows as Row[]).filter((row) => typeof row.name === 'string' && Array.isArray(row.widgets));
      // Exactly one main: the backup's, or the oldest when the backup marks none.
      const main = Math.max(
        0,
        valid.findIndex((row) => row.isMain === true),
      );
      for (const [index, row] of valid.entries()) {
        const isMain = index === main;
        await transaction.insert(dashboards).values({
          ...(row.appId === targetAppId && typeof row.id === 'string' ? { id: row.id } : {}),
          appId: targetAppId,
          name: row.name as string,
          isMain,
          themeId: typeof row.themeId === 'string' ? row.themeId : null,
          widgets: row.widgets as WidgetDefinition[],
          createdAt: typeof row.createdAt === 'string' ? new Date(row.createdAt) : undefined,
          updatedAt: typeof row.updatedAt === 'string' ? new Date(row.updatedAt) : undefined,
        });
      }
    },
    deleteData: (appId, transaction) => repository.deleteApplication(appId, transaction),
  };
}
