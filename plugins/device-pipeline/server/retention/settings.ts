import { and, eq, sql } from 'drizzle-orm';
import { jsonParam, type Database, type SqlExecutor } from '@sensorium/core/server';
import { KEEP_FOREVER, type ApplicationRetention, type ItemRetention } from '../../common/retention';
import { applicationRetention, fieldRetention } from '../schema';

/** A field's own history retention, as the retention job reads them all. */
export interface FieldOverride {
  appId: string;
  itemUuid: string;
  field: string;
  historyDays: number | null;
}

/** Every setting the retention job applies: applications with one (others keep forever) and the fields' own. */
export interface RetentionPlan {
  applications: Map<string, ApplicationRetention>;
  fields: FieldOverride[];
}

/** The retention settings of applications and fields (tables device_pipeline_retention and _field_retention). */
export class RetentionSettings {
  constructor(private readonly db: Database) {}

  async application(appId: string, tx: Database = this.db): Promise<ApplicationRetention> {
    const [row] = await tx
      .select({ rawDays: applicationRetention.rawDays, historyDays: applicationRetention.historyDays })
      .from(applicationRetention)
      .where(eq(applicationRetention.appId, appId));
    return row ?? KEEP_FOREVER;
  }

  async saveApplication(appId: string, retention: ApplicationRetention, tx: Database = this.db): Promise<ApplicationRetention> {
    const values = { rawDays: retention.rawDays, historyDays: retention.historyDays, updatedAt: new Date() };
    await tx
      .insert(applicationRetention)
      .values({ appId, ...values })
      .onConflictDoUpdate({ target: applicationRetention.appId, set: values });
    return { rawDays: retention.rawDays, historyDays: retention.historyDays };
  }

  /** The item's fields' own settings and its application's. */
  async item(appId: string, itemUuid: string): Promise<ItemRetention> {
    const [application, rows] = await Promise.all([
      this.application(appId),
      this.db
        .select({ field: fieldRetention.field, historyDays: fieldRetention.historyDays })
        .from(fieldRetention)
        .where(eq(fieldRetention.itemUuid, itemUuid)),
    ]);
    return { application, fields: Object.fromEntries(rows.map((row) => [row.field, row.historyDays])) };
  }

  async saveField(appId: string, itemUuid: string, field: string, historyDays: number | null): Promise<void> {
    await this.db
      .insert(fieldRetention)
      .values({ appId, itemUuid, field, historyDays, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: [fieldRetention.itemUuid, fieldRetention.field],
        set: { historyDays, updatedAt: new Date() },
      });
  }

  async removeField(itemUuid: string, field: string): Promise<void> {
    await this.db.delete(fieldRetention).where(and(eq(fieldRetention.itemUuid, itemUuid), eq(fieldRetention.field, field)));
  }

  /** Every setting at once, for one run of the retention job. */
  async plan(): Promise<RetentionPlan> {
    const [applications, fields] = await Promise.all([
      this.db.select().from(applicationRetention),
      this.db.select().from(fieldRetention),
    ]);
    return {
      applications: new Map(applications.map((row) => [row.appId, { rawDays: row.rawDays, historyDays: row.historyDays }])),
      fields: fields.map((row) => ({ appId: row.appId, itemUuid: row.itemUuid, field: row.field, historyDays: row.historyDays })),
    };
  }

  /** The application's fields' own settings, for its backups. */
  async fieldsOf(appId: string): Promise<FieldOverride[]> {
    return this.db
      .select({
        appId: fieldRetention.appId,
        itemUuid: fieldRetention.itemUuid,
        field: fieldRetention.field,
        historyDays: fieldRetention.historyDays,
      })
      .from(fieldRetention)
      .where(eq(fieldRetention.appId, appId));
  }

  async insertFields(rows: readonly FieldOverride[], tx: Database): Promise<void> {
    if (rows.length > 0)
      await tx
        .insert(fieldRetention)
        .values([...rows])
        .onConflictDoNothing();
  }

  async deleteApplication(appId: string, tx: Database): Promise<void> {
    await tx.delete(fieldRetention).where(eq(fieldRetention.appId, appId));
    await tx.delete(applicationRetention).where(eq(applicationRetention.appId, appId));
  }

  /** Deleted items take their fields' settings with them (in the deletion's transaction). */
  async deleteItems(tx: SqlExecutor, uuids: readonly string[]): Promise<void> {
    if (uuids.length === 0) return;
    await tx.execute(
      sql`DELETE FROM device_pipeline_field_retention WHERE item_uuid IN (SELECT json_array_elements_text(${jsonParam(uuids)})::uuid)`,
    );
  }
}
