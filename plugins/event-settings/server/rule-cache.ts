import { sql } from 'drizzle-orm';
import { jsonParam, queryRows, type SqlExecutor } from '@sensorium/core/server';
import type { RuleActions, RuleConditions, TimeSlot } from '../common';

/** An enabled rule as the evaluator needs it. */
export interface ActiveRule {
  id: string;
  appId: string;
  /** Its number: its events' range index (ruleRangeIndex). */
  seq: number;
  name: string;
  severity: number;
  description: string;
  instantClear: boolean;
  autoClear: boolean;
  conditions: RuleConditions;
  actions: RuleActions;
  timeSlots: TimeSlot[];
}

/** How long another server's edit may take to reach this one's evaluation. */
export const RULE_CACHE_TTL_MS = 5000;

/**
 * The enabled rules per application, so that a batch of an application without rules costs no query. This server's
 * edits drop the application's entry at once; other servers' edits are seen within RULE_CACHE_TTL_MS.
 */
export class RuleCache {
  private readonly entries = new Map<string, { rules: ActiveRule[]; loadedAt: number }>();

  constructor(private readonly ttlMs = RULE_CACHE_TTL_MS) {}

  invalidate(appId: string): void {
    this.entries.delete(appId);
  }

  /** The applications' enabled rules, read in the caller's transaction for those not cached. */
  async rulesOf(tx: SqlExecutor, appIds: readonly string[]): Promise<ActiveRule[]> {
    const now = Date.now();
    const missing = appIds.filter((appId) => {
      const entry = this.entries.get(appId);
      return !entry || now - entry.loadedAt > this.ttlMs;
    });
    if (missing.length > 0) {
      const rows = await queryRows<ActiveRule>(
        tx,
        sql`SELECT id, app_id AS "appId", seq, name, severity, description, instant_clear AS "instantClear",
              auto_clear AS "autoClear", conditions, actions, time_slots AS "timeSlots"
            FROM event_settings_rules
            WHERE enabled AND app_id IN (SELECT json_array_elements_text(${jsonParam(missing)}))
            ORDER BY created_at, seq`,
      );
      for (const appId of missing) {
        this.entries.set(appId, { rules: rows.filter((rule) => rule.appId === appId), loadedAt: now });
      }
    }
    return appIds.flatMap((appId) => this.entries.get(appId)?.rules ?? []);
  }
}
