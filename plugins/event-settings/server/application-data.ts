import { asc, eq } from 'drizzle-orm';
import type { ApplicationData, ApplicationDataParticipant, Database } from '@sensorium/core/server';
import type { EventStore } from '@sensorium/events/common';
import type { RuleActions, RuleConditions, TimeSlot } from '../common';
import { eventSettingsRules } from './schema';

type Row = Record<string, unknown>;

const object = <T>(value: unknown): T | null => (value && typeof value === 'object' ? (value as T) : null);

/** A backed-up rule as a row to insert into `appId`, or null when the backup's row is not a rule. */
function restored(appId: string, row: Row): typeof eventSettingsRules.$inferInsert | null {
  const conditions = object<RuleConditions>(row.conditions);
  const actions = object<RuleActions>(row.actions);
  const severity = Number(row.severity);
  if (typeof row.name !== 'string' || !conditions || !actions || !Number.isInteger(severity)) return null;
  return {
    appId,
    name: row.name,
    severity: Math.min(Math.max(severity, 0), 4),
    description: typeof row.description === 'string' ? row.description : '',
    enabled: row.enabled !== false,
    instantClear: row.instantClear === true,
    autoClear: row.autoClear === true,
    conditions,
    actions,
    timeSlots: Array.isArray(row.timeSlots) ? (row.timeSlots as TimeSlot[]) : [],
  };
}

/**
 * An application's event settings in its backups (after the application row and the events, order 30). Restored rules
 * are new rules (new ids and numbers): what they were waiting for is not kept, and the restored events the old rules
 * raised are pointed at their copies (at no rule when theirs is not in the backup) through the event store.
 */
export function rulesDataParticipant(
  db: Database,
  events: Pick<EventStore, 'restoredRules'>,
  changed: (appId: string) => void,
): ApplicationDataParticipant {
  return {
    id: 'event-settings.rules',
    order: 30,
    async exportData(appId: string): Promise<ApplicationData> {
      const rows = await db
        .select()
        .from(eventSettingsRules)
        .where(eq(eventSettingsRules.appId, appId))
        .orderBy(asc(eventSettingsRules.createdAt), asc(eventSettingsRules.seq));
      const data = rows.map(({ seq: _seq, appId: _app, createdAt, updatedAt, ...rule }) => ({
        ...rule,
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
      }));
      return { data: [{ table: 'event_settings_rules', rows: data }], files: [] };
    },
    async importData(targetAppId, exported, transaction) {
      // Backed-up id → restored id, for the events (backups made before rules kept their ids map none).
      const ruleIds = new Map<string, string>();
      for (const row of exported.data.find((set) => set.table === 'event_settings_rules')?.rows ?? []) {
        const rule = restored(targetAppId, row);
        if (!rule) continue;
        const [inserted] = await transaction.insert(eventSettingsRules).values(rule).returning({ id: eventSettingsRules.id });
        if (typeof row.id === 'string') ruleIds.set(row.id, inserted!.id);
      }
      await events.restoredRules(transaction, targetAppId, ruleIds);
      changed(targetAppId);
    },
    async deleteData(appId, transaction) {
      await transaction.delete(eventSettingsRules).where(eq(eventSettingsRules.appId, appId));
      changed(appId);
    },
  };
}
