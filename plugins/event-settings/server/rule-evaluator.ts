import { sql } from 'drizzle-orm';
import { jsonParam, queryRows, type SqlExecutor } from '@sensorium/core/server';
import {
  formatValue,
  ruleRangeIndex,
  type EventChange,
  type RuleEvaluator,
  type RuleEventChange,
  type RuleUplink,
} from '@sensorium/device-pipeline/common';
import { defaultFieldPreference } from '@sensorium/nodes/common';
import { inTimeSlots, numericValue, resumes, triggers, watches } from '../common';
import type { ActiveRule, RuleCache } from './rule-cache';

/**
 * What a rule waits for on a device (scope = its uuid) or, when it does not require the same device, on the whole rule
 * (scope ''): the value entered a trigger range at `enteredAt` on `itemUuid`'s device; once `openedAt` is set, the
 * event is open on that device and a resume is awaited.
 */
interface Pending {
  ruleId: string;
  scope: string;
  itemUuid: string;
  enteredAt: Date;
  openedAt: Date | null;
}

const keyOf = (ruleId: string, scope: string) => `${ruleId}\u0000${scope}`;

/** A rule event's resume status (a range event's is the range the value went to; a rule has no such range). */
export const RESUMED = 'resumed';

/** The rule's field of the uplink's device: its preference and the value as the device's field shows it. */
function shown(rule: ActiveRule, uplink: RuleUplink) {
  const field = rule.conditions.field;
  const pref = { ...defaultFieldPreference(field), ...uplink.device.input[field] };
  return { field, pref, valueText: formatValue(pref, uplink.values[field]) };
}

/** The create change of a rule's event on the uplink's device. */
function created(rule: ActiveRule, uplink: RuleUplink): EventChange {
  const { device, at } = uplink;
  const { field, pref, valueText } = shown(rule, uplink);
  const unit = pref.unit ?? '';
  const displayName = pref.displayName || field;
  const itemDisplayName = device.itemDisplayName || device.itemName;
  return {
    kind: 'create',
    field,
    rangeIndex: ruleRangeIndex(rule.seq),
    rangeName: rule.name,
    severity: rule.severity,
    description: rule.description || `${itemDisplayName} ${displayName}: ${rule.name} (${valueText}${unit ? ` ${unit}` : ''})`,
    eventType: rule.name,
    generatedAt: at,
    location: device.location,
    node: {
      itemDisplayName,
      itemName: device.itemName,
      signal: pref.signal,
      value: valueText,
      unit,
      rangeStatus: rule.name,
      displayName,
    },
    value: valueText,
    unit,
    rangeStatus: rule.name,
    ruleId: rule.id,
    // The event keeps its own copy: the notification, webhook and task plugins read it from the event.
    actions: { notification: rule.actions.notification, webhook: rule.actions.webhook, task: rule.actions.task },
  };
}

/**
 * Evaluates the enabled rules of the batch's applications over its uplinks, in order, each uplink once per rule that
 * watches its device and field, keeping what each rule waits for in event_settings_pending (in the batch's
 * transaction, so a rolled-back batch leaves it as it was):
 * - entering a trigger range starts the wait (`enteredAt`); the event opens on the first uplink still in range at or
 *   after enteredAt + durationSeconds, inside the rule's time slots; leaving the range before drops the wait;
 * - an open event resumes on a value beyond every trigger range by the hysteresis (and in a resume range unless resume
 *   on any), and clears then with auto clear; with instant clear it was created and cleared at once, and the rule
 *   still waits for the resume before it raises the next one.
 */
export function ruleEvaluator(cache: RuleCache, timeZone: string): RuleEvaluator {
  return {
    async evaluate(tx: SqlExecutor, uplinks: readonly RuleUplink[]): Promise<RuleEventChange[]> {
      const rules = await cache.rulesOf(tx, [...new Set(uplinks.map((uplink) => uplink.device.appId))]);
      if (rules.length === 0) return [];
      const checks: { rule: ActiveRule; uplink: RuleUplink; reading: number }[] = [];
      for (const uplink of uplinks) {
        for (const rule of rules) {
          if (rule.appId !== uplink.device.appId || !(rule.conditions.field in uplink.values)) continue;
          if (!watches(rule.conditions, uplink.device)) continue;
          const reading = numericValue(uplink.values[rule.conditions.field]);
          if (reading !== null) checks.push({ rule, uplink, reading });
        }
      }
      if (checks.length === 0) return [];

      const checked = [...new Map(checks.map(({ rule }) => [rule.id, rule])).values()];
      // Batches of different devices run in parallel (write lanes): a rule with one event for all its devices is
      // locked, so that two of them never open it twice. A per-device wait is only ever met by its device's lane.
      await lockRules(
        tx,
        checked.filter((rule) => !rule.conditions.requireSameDevice).map((rule) => rule.id),
      );
      const scopeOf = (rule: ActiveRule, device: RuleUplink['device']) => (rule.conditions.requireSameDevice ? device.uuid : '');
      const waits = new Map<string, Pending>();
      const keys = new Set(checks.map(({ rule, uplink }) => keyOf(rule.id, scopeOf(rule, uplink.device))));
      for (const row of await loadPending(tx, [...keys])) waits.set(keyOf(row.ruleId, row.scope), row);
      const touched = new Set<string>();
      const changes: RuleEventChange[] = [];
      for (const { rule, uplink, reading } of checks) {
        const { conditions } = rule;
        const device = uplink.device;
        const scope = scopeOf(rule, device);
        const key = keyOf(rule.id, scope);
        const wait = waits.get(key);
        const change = (itemUuid: string, next: EventChange) =>
          changes.push({ item: { uuid: itemUuid, appId: device.appId, itemName: device.itemName }, change: next });

        if (wait?.openedAt) {
          if (!resumes(conditions, reading)) continue;
          const at = uplink.at;
          const common = { field: conditions.field, rangeIndex: ruleRangeIndex(rule.seq), at };
          const value = shown(rule, uplink).valueText;
          change(wait.itemUuid, { ...common, kind: 'resume', resumeStatus: RESUMED, value });
          if (rule.autoClear) change(wait.itemUuid, { ...common, kind: 'clear' });
          waits.delete(key);
          touched.add(key);
          continue;
        }
        if (!triggers(conditions, reading)) {
          // Only the device that started the wait ends it by leaving the range.
          if (wait && wait.itemUuid === device.uuid) {
            waits.delete(key);
            touched.add(key);
          }
          continue;
        }
        const waiting = wait ?? { ruleId: rule.id, scope, itemUuid: device.uuid, enteredAt: uplink.at, openedAt: null };
        if (!wait) {
          waits.set(key, waiting);
          touched.add(key);
        }
        if (waiting.itemUuid !== device.uuid) continue;
        const due = waiting.enteredAt.getTime() + conditions.durationSeconds * 1000;
        if (uplink.at.getTime() < due || !inTimeSlots(rule.timeSlots, uplink.at, timeZone)) continue;
        change(device.uuid, created(rule, uplink));
        if (rule.instantClear) {
          change(device.uuid, { kind: 'clear', field: conditions.field, rangeIndex: ruleRangeIndex(rule.seq), at: uplink.at });
        }
        waiting.openedAt = uplink.at;
        touched.add(key);
      }
      await savePending(
        tx,
        [...touched].map((key) => ({ key, wait: waits.get(key) })),
      );
      return changes;
    },
  };
}

async function lockRules(tx: SqlExecutor, ruleIds: readonly string[]): Promise<void> {
  if (ruleIds.length === 0) return;
  await tx.execute(sql`
    SELECT id FROM event_settings_rules WHERE id IN (SELECT json_array_elements_text(${jsonParam(ruleIds)})::uuid)
    ORDER BY id FOR NO KEY UPDATE`);
}

/** The waits of these keys (rule and scope), locked: only the batch's own devices' ones, in one order. */
async function loadPending(tx: SqlExecutor, keys: readonly string[]): Promise<Pending[]> {
  const pairs = keys.map((key) => key.split('\u0000')).map(([r, s]) => ({ r, s }));
  const rows = await queryRows<{
    ruleId: string;
    scope: string;
    itemUuid: string;
    enteredAt: string | Date;
    openedAt: string | Date | null;
  }>(
    tx,
    sql`SELECT p.rule_id AS "ruleId", p.scope, p.item_uuid AS "itemUuid", p.entered_at AS "enteredAt",
          p.opened_at AS "openedAt"
        FROM event_settings_pending p JOIN json_to_recordset(${jsonParam(pairs)}) AS x(r uuid, s text)
          ON p.rule_id = x.r AND p.scope = x.s
        ORDER BY p.rule_id, p.scope FOR UPDATE OF p`,
  );
  return rows.map((row) => ({
    ...row,
    enteredAt: new Date(row.enteredAt),
    openedAt: row.openedAt === null ? null : new Date(row.openedAt),
  }));
}

/** Writes the waits the batch changed: the ones still there upserted, the ended ones deleted. */
async function savePending(tx: SqlExecutor, touched: readonly { key: string; wait: Pending | undefined }[]): Promise<void> {
  const ended = touched.filter(({ wait }) => !wait).map(({ key }) => key.split('\u0000'));
  const kept = touched.flatMap(({ wait }) => (wait ? [wait] : []));
  if (ended.length > 0) {
    await tx.execute(sql`
      DELETE FROM event_settings_pending p USING json_to_recordset(${jsonParam(ended.map(([r, s]) => ({ r, s })))}) AS x(r uuid, s text)
      WHERE p.rule_id = x.r AND p.scope = x.s`);
  }
  if (kept.length > 0) {
    const rows = kept.map((wait) => ({
      r: wait.ruleId,
      s: wait.scope,
      i: wait.itemUuid,
      e: wait.enteredAt.toISOString(),
      o: wait.openedAt?.toISOString() ?? null,
    }));
    await tx.execute(sql`
      INSERT INTO event_settings_pending (rule_id, scope, item_uuid, entered_at, opened_at)
      SELECT x.r, x.s, x.i, x.e, x.o FROM json_to_recordset(${jsonParam(rows)}) AS x(r uuid, s text, i uuid, e timestamptz, o timestamptz)
      ON CONFLICT (rule_id, scope) DO UPDATE SET item_uuid = EXCLUDED.item_uuid, entered_at = EXCLUDED.entered_at,
        opened_at = EXCLUDED.opened_at`);
  }
}
