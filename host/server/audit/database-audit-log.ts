import type { AuditEntry, AuditLog, Database } from '../../../core/server';
import { auditRecords } from '../db/schema';

/** Writes the audit trail into core's audit_records table. */
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
}
