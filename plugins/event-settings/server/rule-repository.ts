import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import type { EventRule, EventRuleSettings } from '../common';
import { eventSettingsPending, eventSettingsRules } from './schema';

type RuleRow = typeof eventSettingsRules.$inferSelect;

export function toRule(row: RuleRow): EventRule {
  return {
    id: row.id,
    appId: row.appId,
    name: row.name,
    severity: row.severity,
    description: row.description,
    enabled: row.enabled,
    instantClear: row.instantClear,
    autoClear: row.autoClear,
    conditions: row.conditions,
    actions: row.actions,
    timeSlots: row.timeSlots,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The settings columns of a rule, as the body gives them (plain data: the body is a class-validator model). */
function columns(settings: EventRuleSettings) {
  const plain = JSON.parse(JSON.stringify(settings)) as EventRuleSettings;
  return {
    name: plain.name,
    severity: plain.severity,
    description: plain.description,
    enabled: plain.enabled,
    instantClear: plain.instantClear,
    autoClear: plain.autoClear,
    conditions: plain.conditions,
    actions: plain.actions,
    timeSlots: plain.timeSlots,
  };
}

/** An application's event rules (event_settings_rules). */
export class RuleRepository {
  constructor(
    private readonly db: Database,
    /** Told after a write (the evaluator's cache of enabled rules). */
    private readonly changed: (appId: string) => void = () => {},
  ) {}

  async list(appId: string): Promise<EventRule[]> {
    const rows = await this.db
      .select()
      .from(eventSettingsRules)
      .where(eq(eventSettingsRules.appId, appId))
      .orderBy(asc(eventSettingsRules.createdAt), asc(eventSettingsRules.seq));
    return rows.map(toRule);
  }

  async get(appId: string, id: string): Promise<EventRule | null> {
    const [row] = await this.db
      .select()
      .from(eventSettingsRules)
      .where(and(eq(eventSettingsRules.appId, appId), eq(eventSettingsRules.id, id)));
    return row ? toRule(row) : null;
  }

  async create(appId: string, settings: EventRuleSettings): Promise<EventRule> {
    const [row] = await this.db
      .insert(eventSettingsRules)
      .values({ appId, ...columns(settings) })
      .returning();
    this.changed(appId);
    return toRule(row!);
  }

  /**
   * Replaces the rule's settings; null when the application has no such rule. Devices still waiting out the duration
   * start again under the new conditions; events already open keep waiting for their resume.
   */
  async update(appId: string, id: string, settings: EventRuleSettings): Promise<EventRule | null> {
    const rule = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(eventSettingsRules)
        .set({ ...columns(settings), updatedAt: new Date() })
        .where(and(eq(eventSettingsRules.appId, appId), eq(eventSettingsRules.id, id)))
        .returning();
      if (!row) return null;
      await tx
        .delete(eventSettingsPending)
        .where(and(eq(eventSettingsPending.ruleId, id), isNull(eventSettingsPending.openedAt)));
      return toRule(row);
    });
    this.changed(appId);
    return rule;
  }

  /** Whether the rule was there to delete (its waiting rows go with it). */
  async delete(appId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(eventSettingsRules)
      .where(and(eq(eventSettingsRules.appId, appId), eq(eventSettingsRules.id, id)))
      .returning({ id: eventSettingsRules.id });
    this.changed(appId);
    return rows.length > 0;
  }
}
