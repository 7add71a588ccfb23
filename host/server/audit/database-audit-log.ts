import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditRecord } from '@sensorium/core/common';
import { likePattern, queryRows, type AuditEntry, type AuditLog, type AuditQuery, type Database } from '@sensorium/core/server';
import { auditRecords, auditRecordsArchive, users } from '../db/schema';

/** How many records one archive statement moves (short transactions on a big trail). */
const ARCHIVE_BATCH = 5000;

/** The audit trail in core's audit_records table, and its archive in audit_records_archive. */
export class DatabaseAuditLog implements AuditLog {
  constructor(private readonly db: Database) {}

  async record(entry: AuditEntry): Promise<void> {
    const organisationId =
      entry.organisationId !== undefined || entry.userId === null
        ? (entry.organisationId ?? null)
        : sql`(SELECT ${users.organisationId} FROM ${users} WHERE ${users.id} = ${entry.userId})`;
    await this.db.insert(auditRecords).values({
      userId: entry.userId,
      username: entry.username,
      action: entry.action,
      target: entry.target ?? null,
      targetName: entry.targetName ?? null,
      location: entry.location ?? null,
      type: entry.type ?? 'useraction',
      logKey: entry.log?.key ?? null,
      logParams: entry.log?.params ?? null,
      organisationId,
      pluginId: entry.pluginId,
      address: entry.address,
      outcome: entry.outcome,
      detail: entry.detail ?? null,
    });
  }

  async list(query: AuditQuery): Promise<{ total: number; records: AuditRecord[] }> {
    const table = query.archive ? auditRecordsArchive : auditRecords;
    const conditions: SQL[] = [];
    // Records of an organisation are those its users wrote; anonymous ones (failed logins) belong to no organisation.
    if (query.organisationId !== undefined) conditions.push(eq(table.organisationId, query.organisationId));
    if (query.from) conditions.push(gte(table.at, query.from));
    if (query.to) conditions.push(lt(table.at, query.to));
    if (query.type) conditions.push(eq(table.type, query.type));
    if (query.keyword) {
      const pattern = likePattern(query.keyword);
      conditions.push(
        or(
          ilike(table.username, pattern),
          ilike(table.action, pattern),
          ilike(table.target, pattern),
          ilike(table.targetName, pattern),
          ilike(table.location, pattern),
        )!,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [totals, rows] = await Promise.all([
      this.db.select({ total: count() }).from(table).where(where),
      this.db.select().from(table).where(where).orderBy(desc(table.at), desc(table.id)).limit(query.limit).offset(query.offset),
    ]);
    return {
      total: totals[0]?.total ?? 0,
      records: rows.map(({ organisationId: _organisation, ...row }) => ({
        ...row,
        at: row.at.toISOString(),
        target: row.target ?? null,
        targetName: row.targetName ?? null,
        location: row.location ?? null,
        logKey: row.logKey ?? null,
        logParams: row.logParams ?? null,
        detail: row.detail ?? null,
      })),
    };
  }

  async archive(before: Date): Promise<number> {
    let moved = 0;
    for (;;) {
      // Both tables have the same columns in the same order (the archive was made LIKE the trail).
      const [result] = await queryRows<{ moved: number }>(
        this.db,
        sql`
        WITH moved AS (
          DELETE FROM ${auditRecords}
          WHERE ${auditRecords.id} IN (
            SELECT ${auditRecords.id} FROM ${auditRecords} WHERE ${auditRecords.at} < ${before.toISOString()}::timestamptz ORDER BY ${auditRecords.id} LIMIT ${ARCHIVE_BATCH}
          )
          RETURNING *
        ), kept AS (
          INSERT INTO ${auditRecordsArchive} SELECT * FROM moved ON CONFLICT (id) DO NOTHING RETURNING 1
        )
        SELECT count(*)::int AS moved FROM moved`,
      );
      const batch = Number(result?.moved ?? 0);
      moved += batch;
      if (batch < ARCHIVE_BATCH) return moved;
    }
  }
}
