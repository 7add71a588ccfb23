import type { FieldDiscards, FieldPreference, SignalType } from '@sensorium/nodes/common';

/** One field's status: the name of the range holding the value and its colour. */
export interface FieldStatus {
  status: string;
  color: string;
}

export interface ItemStatus {
  severity: number;
  eventSeverity: number;
  fieldStatus: Record<string, FieldStatus>;
  /** Fields with discarded readings: their count and the last one (absent while none was discarded). */
  discarded?: Record<string, FieldDiscards>;
}

/** An event that is not cleared yet (the processing needs them for eventSeverity and to avoid duplicates). */
export interface OpenEvent {
  field: string;
  rangeIndex: number;
  severity: number;
  /** Set once the value has left the event's range. */
  resumeStatus?: string | null;
}

/** Processing state of one field, kept in node_items.runtime between uplinks. */
export interface FieldRuntime {
  /** Index of the range holding the evaluated value; BELOW_MINIMUM (-1), ABOVE_MAXIMUM (-2), null = none. */
  range?: number | null;
  /** Accumulative analog: the running total. */
  total?: number;
  /** Debounce window: [epoch ms, value] samples, oldest first. */
  w?: [number, number][];
  /** waitUntilStable: start (epoch ms) of the current stable run, its sample count, lowest and highest value. */
  rs?: number;
  rn?: number;
  lo?: number;
  hi?: number;
  /** waitUntilStable by seconds: the current run's value has been emitted. */
  done?: boolean;
  /** An override is in force (the real value is in <field>_raw). */
  ov?: boolean;
  /** Auto reset due at (epoch ms). */
  resetAt?: number;
  /** Time (epoch ms) of the uplink whose reading the field shows: an older reading never replaces it. */
  at?: number;
}

/** node_items.runtime */
export interface ItemRuntime {
  fields?: Record<string, FieldRuntime>;
  /** Earliest time-based work (auto reset, stable-by-seconds debounce), epoch ms; absent when nothing is pending. */
  dueAt?: number;
}

export interface ProcessableItem {
  uuid: string;
  appId: string;
  itemName: string;
  itemDisplayName: string;
  /** Field preferences (possibly partial, as stored). */
  input: Record<string, Partial<FieldPreference> | undefined>;
  outputSimple: Record<string, unknown>;
  status?: Partial<ItemStatus> | null;
  /** Open (not cleared) events of the item. */
  openEvents?: OpenEvent[];
  /** Shown in created events (e.g. the site address). */
  location?: string;
  /** The item's last uplink time: the time of the values of fields stored before their own time was kept (FieldRuntime.at). */
  lastReceiveDate?: Date | null;
}

export interface EventNode {
  itemDisplayName: string;
  itemName: string;
  signal: SignalType;
  value: string;
  unit: string;
  rangeStatus: string;
  /** The field's display name. */
  displayName: string;
}

export type EventChange =
  | {
      kind: 'create';
      /** The event-settings rule raising the event (see rule-evaluators.ts); absent for a field range's event. */
      ruleId?: string;
      field: string;
      rangeIndex: number;
      rangeName: string;
      severity: number;
      description: string;
      eventType: string;
      generatedAt: Date;
      location: string;
      node: EventNode;
      value: string;
      unit: string;
      rangeStatus: string;
      /** The range's notification, webhook and task settings when the event was raised (the event keeps this copy). */
      actions: Record<string, unknown>;
    }
  /** The value left the event's range; resumeStatus is the status it went to. */
  | { kind: 'resume'; field: string; rangeIndex: number; resumeStatus: string; at: Date; value: string }
  /** Auto clear (allowAutoClear) right after a resume. */
  | { kind: 'clear'; field: string; rangeIndex: number; at: Date }
  /** The value came back into the range of an open, resumed event: resumeStatus is removed again. */
  | { kind: 'reopen'; field: string; rangeIndex: number; at: Date; value: string };

export interface HistoryEntry {
  field: string;
  value?: number;
  textValue?: string;
}

export interface ProcessResult {
  outputSimple: Record<string, unknown>;
  status: ItemStatus;
  runtime: ItemRuntime;
  history: HistoryEntry[];
  eventChanges: EventChange[];
  /** Open events after the changes (to chain the next uplink of the same item). */
  openEvents: OpenEvent[];
  /** processUplink: at least one field and none discarded. tick / reevaluate: something changed. */
  valid: boolean;
  /** Fields whose value was discarded (unparseable or outside the spike filter). */
  discarded: string[];
  /** Fields whose shown value, status or range changed. */
  changedFields: string[];
}
