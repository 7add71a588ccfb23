import { createExtensionPoint } from '@sensorium/core/common';
import type { FieldPreference, SqlExecutor } from '@sensorium/nodes/common';
import type { EventItem } from './event-store';
import type { EventChange } from './processing';

/**
 * The range index of the events a rule raises: below every field range's (0…15, and -1/-2 for below minimum and above
 * maximum), one per rule, so that a rule's open event has its own key (item, field, range index) beside the field's
 * range events. The field processing leaves events with such an index to their rule.
 */
export const RULE_RANGE_INDEX_BASE = -1000;

/** The range index of the events of the rule numbered `ruleNumber` (a positive integer, unique among rules). */
export function ruleRangeIndex(ruleNumber: number): number {
  return RULE_RANGE_INDEX_BASE - ruleNumber;
}

export function isRuleRangeIndex(rangeIndex: number): boolean {
  return rangeIndex <= RULE_RANGE_INDEX_BASE;
}

/** A device as rules select it. */
export interface RuleDevice extends EventItem {
  itemDisplayName: string;
  /** dataSource.sensorType; '' when it has none. */
  deviceType: string;
  tags: readonly string[];
  location: string;
  /** Its field preferences (display name, unit, decimals of the values an event shows). */
  input: Readonly<Record<string, Partial<FieldPreference> | undefined>>;
}

/** One stored uplink of the batch, after the field processing (ranges included). */
export interface RuleUplink {
  device: RuleDevice;
  /** The uplink's time. */
  at: Date;
  /** The fields the uplink carried, as the item shows them now (converted, debounced, overridden); discarded ones left out. */
  values: Readonly<Record<string, unknown>>;
}

/** An event change a rule asks for: on which item, and the change (a create carries `ruleId` and `actions`). */
export interface RuleEventChange {
  item: EventItem;
  change: EventChange;
}

/**
 * Rules over the devices' values (the event-settings plugin). Called once per ingest batch, inside its transaction,
 * with the batch's stored uplinks in order (each uplink once), after the field processing; the changes it answers are
 * written with the batch's range events through the event store.
 */
export interface RuleEvaluator {
  evaluate(tx: SqlExecutor, uplinks: readonly RuleUplink[]): Promise<RuleEventChange[]>;
}
export const ruleEvaluators = createExtensionPoint<RuleEvaluator>('device-pipeline.rule-evaluators/v1');
