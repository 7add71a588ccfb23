import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AuditRecord } from '@sensorium/core/common';
import { likePattern, type AuditEntry, type AuditLog, type AuditQuery, type Database } from '@sensorium/core/server';
import { auditRecords, users } from '../db/schema';

/** The audit trail in core's audit_records table. */
export class DatabaseAuditLog implements AuditLog {
  constructor(private readonly db: Database) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db.insert(auditRecords).values({
      userId: entry.userId,
      username: entry.username,
      action: entry.action,
      target: entry.target ?? null,
      pluginId: entry.pluginId,
      address: entry.address,
      outcome: entry.outcome,
      detail: entry.detail ?? null,
    });
  }

  async list(query: AuditQuery): Promise<{ total: number; records: AuditRecord[] }> {
    const conditions: SQL[] = [];
    if (query.organisationId !== undefined) {
      // Records of an organisation are those of its users; anonymous ones (failed logins) belong to no organisation.
      conditions.push(
        sql`${auditRecords.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${eq(users.organisationId, query.organisationId)})`,
      );
    }
    if (query.keyword) {
      const pattern = likePattern(query.keyword);
      conditions.push(
        or(ilike(auditRecords.username, pattern), ilike(auditRecords.action, pattern), ilike(auditRecords.target, pattern))!,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [totals, rows] = await Promise.all([
      this.db.select({ total: count() }).from(auditRecords).where(where),
      this.db
        .select()
        .from(auditRecords)
        .where(where)
        .orderBy(desc(auditRecords.at), desc(auditRecords.id))
        .limit(query.limit)
        .offset(query.offset),
    ]);
    return {
      total: totals[0]?.total ?? 0,
      records: rows.map((row) => ({ ...row, at: row.at.toISOString(), target: row.target ?? null, detail: row.detail ?? null })),
    };
  }
}
