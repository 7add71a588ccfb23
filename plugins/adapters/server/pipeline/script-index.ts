import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type SqlExecutor } from '@sensorium/core/server';
import type { TargetKind } from '../../common/types';

/** A script's current version, as the pipeline runs it. */
export interface IndexedScript {
  versionId: string;
  /**
   * The sandbox's cache key: a hash of the text, so that items running the same script share one loaded copy (a
   * thousand devices with the same decoder cost one QuickJS runtime, not a thousand).
   */
  sourceKey: string;
  source: string;
  targetKind: TargetKind;
  targetId: string;
}

/** How long another server's save may take to reach this one's ingest. */
const REFRESH_MS = 5_000;

/**
 * The current version of every script, by target, held in memory so an uplink finds its script without a query. It is
 * read again inside the ingest's own transaction (PGlite runs one transaction at a time, so a query beside it would
 * wait for it) when older than REFRESH_MS, or at once after this server saved a script.
 */
export class ScriptIndex {
  private items = new Map<string, IndexedScript>();
  private profiles = new Map<string, IndexedScript>();
  private loadedAt = 0;
  private stale = true;

  invalidate(): void {
    this.stale = true;
  }

  async refresh(tx: SqlExecutor): Promise<void> {
    if (!this.stale && Date.now() - this.loadedAt < REFRESH_MS) return;
    const rows = await queryRows<{ version_id: string; source: string; target_kind: TargetKind; target_id: string }>(
      tx,
      sql`SELECT v.id AS version_id, v.source, s.target_kind, s.target_id
          FROM adapters_scripts s JOIN adapters_versions v ON v.script_id = s.id AND v.version = s.current_version`,
    );
    const items = new Map<string, IndexedScript>();
    const profiles = new Map<string, IndexedScript>();
    const keys = new Map<string, string>();
    for (const row of rows) {
      const sourceKey = keys.get(row.source) ?? createHash('sha256').update(row.source).digest('base64url');
      keys.set(row.source, sourceKey);
      const script = {
        versionId: row.version_id,
        sourceKey,
        source: row.source,
        targetKind: row.target_kind,
        targetId: row.target_id,
      };
      (row.target_kind === 'item' ? items : profiles).set(row.target_id, script);
    }
    this.items = items;
    this.profiles = profiles;
    this.loadedAt = Date.now();
    this.stale = false;
  }

  get empty(): boolean {
    return this.items.size === 0 && this.profiles.size === 0;
  }

  get hasProfileScripts(): boolean {
    return this.profiles.size > 0;
  }

  item(uuid: string): IndexedScript | undefined {
    return this.items.get(uuid);
  }

  profile(uuid: string): IndexedScript | undefined {
    return this.profiles.get(uuid);
  }
}
