import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ApplicationData, ApplicationDataParticipant, Database } from '@sensorium/core/server';
import { OBJECT_NAME_PATTERN } from '../common/extra-inputs';
import { deviceProfiles } from './device-profiles';
import type { NodeObjectStore } from './maps';

type Row = Record<string, unknown>;

const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

/**
 * The site and floor-plan images and the application's own device profiles, in backups, restores and deletion. Images
 * keep their names (items refer to them); a restore into another application id gives its profiles fresh uuids.
 */
export function siteObjectsParticipant(db: Database, objects: NodeObjectStore): ApplicationDataParticipant {
  return {
    id: 'nodes.site-objects',
    order: 25,
    async exportData(appId: string): Promise<ApplicationData> {
      const profiles = await db.select().from(deviceProfiles).where(eq(deviceProfiles.appId, appId));
      const files: ApplicationData['files'] = [];
      for (const name of await objects.list(appId)) {
        const file = await objects.read(appId, name);
        if (file) files.push({ name, content: file.content });
      }
      return {
        data: [
          {
            table: 'device_profiles',
            rows: profiles.map((row) => ({
              ...row,
              createdAt: row.createdAt.toISOString(),
              updatedAt: row.updatedAt.toISOString(),
            })),
          },
        ],
        files,
      };
    },
    async importData(targetAppId: string, exported: ApplicationData, transaction: Database): Promise<void> {
      const rows = (exported.data.find((set) => set.table === 'device_profiles')?.rows ?? []) as Row[];
      const sameApp = rows.every((row) => row.appId === targetAppId);
      for (const row of rows) {
        await transaction
          .insert(deviceProfiles)
          .values({
            uuid: sameApp && typeof row.uuid === 'string' ? row.uuid : randomUUID(),
            appId: targetAppId,
            deviceProfileName: text(row.deviceProfileName, 'Profile'),
            sensorBrand: text(row.sensorBrand),
            sensorModel: text(row.sensorModel),
            subType: text(row.subType),
            dataSource: text(row.dataSource, 'lora') as typeof deviceProfiles.$inferInsert.dataSource,
            commands: Array.isArray(row.commands) ? row.commands : [],
            outputSimpleDefault: (row.outputSimpleDefault as Row) ?? {},
            outputConfig: (row.outputConfig as Row) ?? {},
            deviceExtraInfoSetting: Array.isArray(row.deviceExtraInfoSetting) ? row.deviceExtraInfoSetting : [],
          })
          .onConflictDoNothing();
      }
      for (const file of exported.files) {
        if (OBJECT_NAME_PATTERN.test(file.name)) await objects.restore(targetAppId, file.name, file.content);
      }
    },
    async deleteData(appId: string, transaction: Database): Promise<void> {
      await transaction.delete(deviceProfiles).where(eq(deviceProfiles.appId, appId));
      await objects.removeAll(appId);
    },
  };
}
