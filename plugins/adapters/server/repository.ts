import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import type { ScriptVersion, TargetKind } from '../common/types';
import { adaptersScripts, adaptersVersions } from './schema';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** A script's current version as the pipeline runs it. */
export interface CurrentScript {
  scriptId: string;
  targetKind: TargetKind;
  targetId: string;
  appId: string | null;
  version: number;
  /** The version row's id: the sandbox keeps the loaded script under it. */
  versionId: string;
  source: string;
  updatedAt: Date;
}

export interface Author {
  id: string | null;
  name: string;
}

function toVersion(row: typeof adaptersVersions.$inferSelect): ScriptVersion {
  return {
    id: row.id,
    version: row.version,
    source: row.source,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
    restoredFrom: row.restoredFrom,
  };
}

/** The adapters' tables: scripts with their current version, and every version ever saved. */
export class ScriptRepository {
  constructor(private readonly db: Database) {}

  /** Every script with its current source (what the pipeline's index holds). */
  async allCurrent(): Promise<CurrentScript[]> {
    return this.current();
  }

  async find(kind: TargetKind, targetId: string): Promise<CurrentScript | null> {
    const [row] = await this.current(and(eq(adaptersScripts.targetKind, kind), eq(adaptersScripts.targetId, targetId)));
    return row ?? null;
  }

  /** The application's item scripts. */
  async ofApplication(appId: string, db: Executor = this.db): Promise<CurrentScript[]> {
    return this.current(and(eq(adaptersScripts.targetKind, 'item'), eq(adaptersScripts.appId, appId)), db);
  }

  /** Profile scripts. */
  async profiles(): Promise<CurrentScript[]> {
    return this.current(eq(adaptersScripts.targetKind, 'profile'));
  }

  private async current(where?: ReturnType<typeof eq>, db: Executor = this.db): Promise<CurrentScript[]> {
    const rows = await db
      .select({
        scriptId: adaptersScripts.id,
        targetKind: adaptersScripts.targetKind,
        targetId: adaptersScripts.targetId,
        appId: adaptersScripts.appId,
        version: adaptersScripts.currentVersion,
        versionId: adaptersVersions.id,
        source: adaptersVersions.source,
        updatedAt: adaptersScripts.updatedAt,
      })
      .from(adaptersScripts)
      .innerJoin(
        adaptersVersions,
        and(eq(adaptersVersions.scriptId, adaptersScripts.id), eq(adaptersVersions.version, adaptersScripts.currentVersion)),
      )
      .where(where);
    return rows;
  }

  /** Every version of a script, newest first. */
  async versions(scriptId: string): Promise<ScriptVersion[]> {
    const rows = await this.db
      .select()
      .from(adaptersVersions)
      .where(eq(adaptersVersions.scriptId, scriptId))
      .orderBy(desc(adaptersVersions.version));
    return rows.map(toVersion);
  }

  async version(scriptId: string, version: number): Promise<ScriptVersion | null> {
    const [row] = await this.db
      .select()
      .from(adaptersVersions)
      .where(and(eq(adaptersVersions.scriptId, scriptId), eq(adaptersVersions.version, version)));
    return row ? toVersion(row) : null;
  }

  /**
   * Saves `source` as the target's next version and makes it current (a first save creates the script). Versions are
   * numbered under the script row's lock, so two saves at once get two numbers.
   */
  async save(
    target: { kind: TargetKind; id: string; appId: string | null },
    source: string,
    author: Author,
    restoredFrom: number | null = null,
    db: Database = this.db,
  ): Promise<{ scriptId: string; version: number }> {
    return db.transaction(async (tx) => {
      await tx
        .insert(adaptersScripts)
        .values({ targetKind: target.kind, targetId: target.id, appId: target.appId, currentVersion: 0 })
        .onConflictDoNothing();
      const [script] = await tx
        .select({ id: adaptersScripts.id })
        .from(adaptersScripts)
        .where(and(eq(adaptersScripts.targetKind, target.kind), eq(adaptersScripts.targetId, target.id)))
        .for('update');
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${adaptersVersions.version}), 0)::int + 1` })
        .from(adaptersVersions)
        .where(eq(adaptersVersions.scriptId, script!.id))) as [{ next: number }];
      await tx.insert(adaptersVersions).values({
        scriptId: script!.id,
        version: next,
        source,
        authorId: author.id,
        authorName: author.name,
        restoredFrom,
      });
      await tx
        .update(adaptersScripts)
        .set({ currentVersion: next, updatedAt: new Date() })
        .where(eq(adaptersScripts.id, script!.id));
      return { scriptId: script!.id, version: next };
    });
  }

  /** Removes a target's script and all its versions; false when it had none. */
  async remove(kind: TargetKind, targetId: string): Promise<boolean> {
    const gone = await this.db
      .delete(adaptersScripts)
      .where(and(eq(adaptersScripts.targetKind, kind), eq(adaptersScripts.targetId, targetId)))
      .returning({ id: adaptersScripts.id });
    return gone.length > 0;
  }

  /** An application's item scripts go with it (or with a restore that replaces them). */
  async deleteApplication(appId: string, db: Executor = this.db): Promise<void> {
    await db.delete(adaptersScripts).where(and(eq(adaptersScripts.targetKind, 'item'), eq(adaptersScripts.appId, appId)));
  }
}
