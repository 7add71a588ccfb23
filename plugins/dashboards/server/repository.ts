import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { HttpError, type Database } from '@sensorium/core/server';
import type { Dashboard, DashboardDefinition, DashboardSummary } from '../common';
import { dashboards } from './schema';

type Row = typeof dashboards.$inferSelect;

export function toDashboard(row: Row): Dashboard {
  return {
    id: row.id,
    appId: row.appId,
    name: row.name,
    isMain: row.isMain,
    themeId: row.themeId,
    widgets: row.widgets,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The plain stored form of a definition: validated input classes become plain JSON. */
const stored = (definition: DashboardDefinition) => ({
  name: definition.name,
  themeId: definition.themeId,
  widgets: JSON.parse(JSON.stringify(definition.widgets)) as DashboardDefinition['widgets'],
});

/**
 * The dashboards table. An application has exactly one main dashboard once it has any: the first is main, making one
 * main unmarks the others, and deleting the main one makes the oldest remaining main.
 */
export class DashboardRepository {
  constructor(private readonly db: Database) {}

  async list(appId: string): Promise<DashboardSummary[]> {
    const rows = await this.db
      .select()
      .from(dashboards)
      .where(eq(dashboards.appId, appId))
      .orderBy(asc(dashboards.createdAt), asc(dashboards.id));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      isMain: row.isMain,
      widgetCount: row.widgets.length,
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async get(appId: string, id: string): Promise<Dashboard | null> {
    const [row] = await this.db
      .select()
      .from(dashboards)
      .where(and(eq(dashboards.appId, appId), eq(dashboards.id, id)));
    return row ? toDashboard(row) : null;
  }

  async main(appId: string): Promise<Dashboard | null> {
    const [row] = await this.db
      .select()
      .from(dashboards)
      .where(and(eq(dashboards.appId, appId), eq(dashboards.isMain, true)));
    return row ? toDashboard(row) : null;
  }

  /** Creates a dashboard inside `tx` (the caller's transaction, or one of its own). */
  async create(appId: string, definition: DashboardDefinition, tx?: Database): Promise<Dashboard> {
    const write = async (db: Database) => {
      // Serialises concurrent creates of one application, so two first dashboards cannot both be main (or neither).
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`dashboards:${appId}`}))`);
      const [existing] = await db.select({ id: dashboards.id }).from(dashboards).where(eq(dashboards.appId, appId)).limit(1);
      const isMain = definition.isMain || !existing;
      if (isMain) await db.update(dashboards).set({ isMain: false }).where(eq(dashboards.appId, appId));
      const [row] = await db
        .insert(dashboards)
        .values({ appId, ...stored(definition), isMain })
        .returning();
      return toDashboard(row!);
    };
    return tx ? write(tx) : this.db.transaction((own) => write(own as unknown as Database));
  }

  /** Replaces a dashboard; the main one stays main (another is made main by marking that one). */
  async update(appId: string, id: string, definition: DashboardDefinition): Promise<Dashboard | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`dashboards:${appId}`}))`);
      const [current] = await tx
        .select()
        .from(dashboards)
        .where(and(eq(dashboards.appId, appId), eq(dashboards.id, id)));
      if (!current) return null;
      if (current.isMain && !definition.isMain) throw HttpError.badRequest('dashboards.errors.mainRequired', 'isMain');
      if (definition.isMain && !current.isMain) {
        await tx.update(dashboards).set({ isMain: false }).where(eq(dashboards.appId, appId));
      }
      const [row] = await tx
        .update(dashboards)
        .set({ ...stored(definition), isMain: definition.isMain, updatedAt: new Date() })
        .where(eq(dashboards.id, id))
        .returning();
      return toDashboard(row!);
    });
  }

  async delete(appId: string, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`dashboards:${appId}`}))`);
      const [gone] = await tx
        .delete(dashboards)
        .where(and(eq(dashboards.appId, appId), eq(dashboards.id, id)))
        .returning();
      if (!gone) return false;
      if (gone.isMain) {
        const [next] = await tx
          .select({ id: dashboards.id })
          .from(dashboards)
          .where(and(eq(dashboards.appId, appId), ne(dashboards.id, id)))
          .orderBy(asc(dashboards.createdAt), asc(dashboards.id))
          .limit(1);
        if (next) await tx.update(dashboards).set({ isMain: true }).where(eq(dashboards.id, next.id));
      }
      return true;
    });
  }

  /** Every dashboard of the application, share links with them (cascade), inside the caller's transaction. */
  async deleteApplication(appId: string, tx: Database): Promise<void> {
    await tx.delete(dashboards).where(eq(dashboards.appId, appId));
  }
}
