import { asc, eq, inArray } from 'drizzle-orm';
import type { ApplicationData, ApplicationDataParticipant, Database } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import type { ScriptIndex } from './pipeline/script-index';
import type { ScriptRepository } from './repository';
import { adaptersScripts, adaptersVersions } from './schema';

const TABLE = 'adapters_scripts';

type Row = Record<string, unknown>;

interface BackedUpVersion {
  version: number;
  source: string;
  authorName: string;
  restoredFrom: number | null;
  createdAt: string;
}

function versionsOf(row: Row): BackedUpVersion[] {
  if (!Array.isArray(row.versions)) return [];
  return (row.versions as Row[]).filter(
    (v): v is Row & BackedUpVersion =>
      Number.isInteger(v.version) && typeof v.source === 'string' && typeof v.authorName === 'string',
  );
}

/**
 * An application's item scripts, with every version, in its backups (order 45: after the items). A script is backed up
 * under its item's name, which a restore keeps while the items get fresh uuids in another application, so a restore
 * attaches each script to the copy of its item. Device-profile scripts belong to the shared catalogue, not to one
 * application, and stay out.
 */
export function scriptsDataParticipant(
  db: Database,
  scripts: ScriptRepository,
  lookup: Pick<ItemLookup, 'itemsOf'>,
  index: ScriptIndex,
): ApplicationDataParticipant {
  return {
    id: 'adapters.scripts',
    order: 45,
    async exportData(appId: string): Promise<ApplicationData> {
      const [own, items] = await Promise.all([scripts.ofApplication(appId), lookup.itemsOf(appId)]);
      const names = new Map(items.map((item) => [item.uuid, item.itemName]));
      const versions = own.length
        ? await db
            .select()
            .from(adaptersVersions)
            .where(
              inArray(
                adaptersVersions.scriptId,
                own.map((script) => script.scriptId),
              ),
            )
            .orderBy(asc(adaptersVersions.version))
        : [];
      const rows = own
        .filter((script) => names.has(script.targetId))
        .map((script) => ({
          itemName: names.get(script.targetId)!,
          currentVersion: script.version,
          versions: versions
            .filter((v) => v.scriptId === script.scriptId)
            .map((v) => ({
              version: v.version,
              source: v.source,
              authorName: v.authorName,
              restoredFrom: v.restoredFrom,
              createdAt: v.createdAt.toISOString(),
            })),
        }));
      return { data: [{ table: TABLE, rows }], files: [] };
    },
    async importData(targetAppId, exported, transaction) {
      const rows = exported.data.find((set) => set.table === TABLE)?.rows ?? [];
      if (rows.length === 0) return;
      const items = new Map((await lookup.itemsOf(targetAppId, transaction)).map((item) => [item.itemName, item.uuid]));
      for (const row of rows) {
        const uuid = typeof row.itemName === 'string' ? items.get(row.itemName) : undefined;
        const versions = versionsOf(row);
        const current = Number(row.currentVersion);
        if (!uuid || !versions.some((v) => v.version === current)) continue;
        const [script] = await transaction
          .insert(adaptersScripts)
          .values({ targetKind: 'item', targetId: uuid, appId: targetAppId, currentVersion: current })
          .onConflictDoUpdate({
            target: [adaptersScripts.targetKind, adaptersScripts.targetId],
            set: { appId: targetAppId, currentVersion: current, updatedAt: new Date() },
          })
          .returning({ id: adaptersScripts.id });
        await transaction.delete(adaptersVersions).where(eq(adaptersVersions.scriptId, script!.id));
        await transaction.insert(adaptersVersions).values(
          versions.map((v) => ({
            scriptId: script!.id,
            version: v.version,
            source: v.source,
            authorName: v.authorName,
            restoredFrom: v.restoredFrom ?? null,
            createdAt: new Date(v.createdAt),
          })),
        );
      }
      return async () => index.invalidate();
    },
    async deleteData(appId, transaction) {
      await scripts.deleteApplication(appId, transaction);
      return async () => index.invalidate();
    },
  };
}
