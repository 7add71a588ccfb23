import type { ApplicationData, ApplicationDataParticipant } from '@sensorium/core/server';
import type { ItemDeletionHook, ItemLookup } from '@sensorium/nodes/common';
import { isRetentionDays, type ApplicationRetention } from '../../common/retention';
import type { FieldOverride, RetentionSettings } from './settings';

const APPLICATION_TABLE = 'device_pipeline_retention';
const FIELDS_TABLE = 'device_pipeline_field_retention';

/** Days as a backup holds them: a number a setting accepts, or null (forever). Anything else keeps forever too. */
const daysOf = (value: unknown): number | null => (typeof value === 'number' && isRetentionDays(value) ? value : null);

/**
 * The retention settings go with their application's backups (order 46: after the items). Fields' settings are backed
 * up under their item's name, which a restore keeps while the items get fresh uuids, so a restore gives each to the copy
 * of its item; deleting the application deletes them.
 */
export function retentionDataParticipant(
  settings: RetentionSettings,
  lookup: Pick<ItemLookup, 'itemsOf'>,
): ApplicationDataParticipant {
  return {
    id: 'device-pipeline.retention',
    order: 46,
    async exportData(appId: string): Promise<ApplicationData> {
      const [application, fields, items] = await Promise.all([
        settings.application(appId),
        settings.fieldsOf(appId),
        lookup.itemsOf(appId),
      ]);
      const names = new Map(items.map((item) => [item.uuid, item.itemName]));
      return {
        data: [
          { table: APPLICATION_TABLE, rows: [{ ...application }] },
          {
            table: FIELDS_TABLE,
            rows: fields
              .filter((row) => names.has(row.itemUuid))
              .map((row) => ({ itemName: names.get(row.itemUuid)!, field: row.field, historyDays: row.historyDays })),
          },
        ],
        files: [],
      };
    },
    async importData(targetAppId, exported, transaction) {
      const rowsOf = (table: string) => exported.data.find((set) => set.table === table)?.rows ?? [];
      const [application] = rowsOf(APPLICATION_TABLE);
      if (application) {
        const retention: ApplicationRetention = {
          rawDays: daysOf(application.rawDays),
          historyDays: daysOf(application.historyDays),
        };
        await settings.saveApplication(targetAppId, retention, transaction);
      }
      const fields = rowsOf(FIELDS_TABLE);
      if (fields.length === 0) return;
      const uuids = new Map((await lookup.itemsOf(targetAppId, transaction)).map((item) => [item.itemName, item.uuid]));
      const rows: FieldOverride[] = fields.flatMap((row) => {
        const itemUuid = typeof row.itemName === 'string' ? uuids.get(row.itemName) : undefined;
        if (!itemUuid || typeof row.field !== 'string' || row.field === '') return [];
        return [{ appId: targetAppId, itemUuid, field: row.field, historyDays: daysOf(row.historyDays) }];
      });
      await settings.insertFields(rows, transaction);
    },
    deleteData: (appId, transaction) => settings.deleteApplication(appId, transaction),
  };
}

/** Deleted items take their fields' retention settings with them. */
export function retentionItemDeletionHook(settings: RetentionSettings): ItemDeletionHook {
  return {
    id: 'device-pipeline.field-retention',
    deleteItems: (tx, _appId, uuids) => settings.deleteItems(tx, uuids),
  };
}
