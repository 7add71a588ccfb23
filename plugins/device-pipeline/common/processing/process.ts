import { normalizeFieldPreference, severityOfColor, type FieldDiscards, type FieldPreference } from '@sensorium/nodes/common';
import { aggregate, debounceActive, debounceDueAt, debounceSample, debounceTick, restartDebounce } from './debounce';
import { matchRange, rangeActions, rangeAt, statusOfRange } from './ranges';
import { inferSignal, passesSpikeFilter, simpleConvert, toAnalog, toDigital, toText } from './signal';
import type {
  EventChange,
  FieldRuntime,
  FieldStatus,
  HistoryEntry,
  ItemRuntime,
  ItemStatus,
  OpenEvent,
  ProcessableItem,
  ProcessResult,
} from './types';

/** The key holding a field's un-debounced (and un-overridden) value. */
export function rawKey(field: string): string {
  return `${field}_raw`;
}

/** A value as shown: analog numbers with the field's decimal places, objects as JSON, the rest as text. */
export function formatValue(pref: Pick<FieldPreference, 'signal' | 'decimalPlace'>, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && pref.signal === 'analog') {
    const places = Number(pref.decimalPlace);
    return Number.isInteger(places) && places >= 0 && places <= 20 ? value.toFixed(places) : String(value);
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a && b && typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

/** The override value converted to the field's signal; undefined when it cannot be (the real value is shown then). */
function overrideOf(pref: FieldPreference): unknown {
  if (!pref.overrideValueEnabled) return undefined;
  const v = pref.overrideValue;
  switch (pref.signal) {
    case 'analog':
      return toAnalog(v);
    case 'digital':
      return toDigital(v);
    case 'string':
      return toText(v);
    default:
      return v === null ? undefined : v;
  }
}

/** How much of a discarded reading is kept to show (the raw data holds all of it). */
const DISCARDED_TEXT_LENGTH = 100;

/** A discarded reading as text: strings as they are, everything else as JSON, cut to DISCARDED_TEXT_LENGTH. */
function discardedText(input: unknown): string {
  const text = typeof input === 'string' ? input : (JSON.stringify(input) ?? String(input));
  return text.length > DISCARDED_TEXT_LENGTH ? `${text.slice(0, DISCARDED_TEXT_LENGTH - 1)}…` : text;
}

/** Normalized preferences by stored object: an item's input is read once per batch, not once per uplink. */
const normalized = new WeakMap<object, FieldPreference>();

function preferenceOf(field: string, stored: Partial<FieldPreference> | undefined, sample: unknown): FieldPreference {
  if (!stored || typeof stored !== 'object') return normalizeFieldPreference(field, { signal: inferSignal(sample) });
  let pref = normalized.get(stored);
  if (!pref || pref.displayName !== (stored.displayName ?? field)) {
    pref = normalizeFieldPreference(field, stored);
    normalized.set(stored, pref);
  }
  return pref;
}

class Work {
  readonly output: Record<string, unknown>;
  readonly fieldStatus: Record<string, FieldStatus>;
  readonly fields: Record<string, FieldRuntime>;
  readonly open: OpenEvent[];
  readonly history: HistoryEntry[] = [];
  readonly changes: EventChange[] = [];
  readonly discarded: string[] = [];
  /** The item's discard counts, with this work's discards added. */
  readonly discards: Record<string, FieldDiscards>;
  readonly changed = new Set<string>();
  private readonly prefs = new Map<string, FieldPreference>();

  constructor(
    readonly item: ProcessableItem,
    runtime: ItemRuntime | null | undefined,
    readonly at: Date,
  ) {
    this.output = { ...(item.outputSimple ?? {}) };
    this.fieldStatus = { ...(item.status?.fieldStatus ?? {}) };
    this.discards = { ...(item.status?.discarded ?? {}) };
    this.fields = {};
    for (const [k, v] of Object.entries(runtime?.fields ?? {})) this.fields[k] = { ...v };
    this.open = (item.openEvents ?? []).map((e) => ({ ...e }));
  }

  pref(field: string, sample: unknown): FieldPreference {
    let pref = this.prefs.get(field);
    if (!pref) {
      pref = preferenceOf(field, this.item.input?.[field], sample);
      this.prefs.set(field, pref);
    }
    return pref;
  }

  state(field: string): FieldRuntime {
    return (this.fields[field] ??= {});
  }

  recordHistory(field: string, pref: FieldPreference, value: unknown): void {
    if (pref.storage === 'display') return;
    if (typeof value === 'number' && (pref.signal === 'analog' || pref.signal === 'digital')) {
      this.history.push({ field, value });
    } else {
      const text = toText(value);
      if (text !== undefined) this.history.push({ field, textValue: text });
    }
  }

  /**
   * Sets the real value of a field (after debounce), applies the override and evaluates ranges and events.
   * `raw` is the un-debounced real value when known (an uplink, a reset).
   */
  show(field: string, pref: FieldPreference, actual: unknown, raw?: unknown): void {
    const fr = this.state(field);
    const override = overrideOf(pref);
    const before = this.output[field];
    const key = rawKey(field);
    if (override !== undefined) {
      if (raw !== undefined) this.output[key] = raw;
      else if (!fr.ov || !(key in this.output)) this.output[key] = actual;
      this.output[field] = override;
      fr.ov = true;
    } else {
      this.output[field] = actual;
      // The override is gone: without debounce nothing else keeps <field>_raw.
      if (fr.ov && !debounceActive(pref.debounce)) delete this.output[key];
      delete fr.ov;
    }
    if (!sameValue(before, this.output[field])) this.changed.add(field);
    this.evaluate(field, pref);
  }

  /** Range, fieldStatus and event transitions of the shown value of a field. */
  evaluate(field: string, pref: FieldPreference): void {
    const fr = this.state(field);
    const value = this.output[field];
    const index = matchRange(pref, value);
    const status = statusOfRange(pref, index);
    const before = this.fieldStatus[field];
    if (status) this.fieldStatus[field] = status;
    else delete this.fieldStatus[field];
    if (before?.status !== status?.status || before?.color !== status?.color) this.changed.add(field);
    const previous = fr.range;
    fr.range = index;
    if (previous === index) return;
    this.changed.add(field);
    const valueText = formatValue(pref, value);
    const statusName = status?.status ?? 'N/A';
    // Leaving: every open event of this field for another range resumes (once), and clears when auto clear is on.
    for (const event of [...this.open]) {
      if (event.field !== field || event.rangeIndex === index || event.resumeStatus) continue;
      event.resumeStatus = statusName;
      this.changes.push({
        kind: 'resume',
        field,
        rangeIndex: event.rangeIndex,
        resumeStatus: statusName,
        at: this.at,
        value: valueText,
      });
      if (rangeAt(pref, event.rangeIndex)?.eventSetting?.allowAutoClear) {
        this.open.splice(this.open.indexOf(event), 1);
        this.changes.push({ kind: 'clear', field, rangeIndex: event.rangeIndex, at: this.at });
      }
    }
    // Entering a range whose event is enabled: one open event per field and range.
    const range = rangeAt(pref, index);
    if (index === null || index < 0 || !range?.eventSetting?.enable) return;
    const existing = this.open.find((e) => e.field === field && e.rangeIndex === index);
    if (existing) {
      if (existing.resumeStatus) {
        existing.resumeStatus = null;
        this.changes.push({ kind: 'reopen', field, rangeIndex: index, at: this.at, value: valueText });
      }
      return;
    }
    const severity = severityOfColor(range.color);
    const displayName = pref.displayName || field;
    const itemDisplayName = this.item.itemDisplayName || this.item.itemName;
    const unit = pref.unit ?? '';
    this.open.push({ field, rangeIndex: index, severity, resumeStatus: null });
    this.changes.push({
      kind: 'create',
      field,
      rangeIndex: index,
      rangeName: statusName,
      severity,
      description: `${itemDisplayName} ${displayName}: ${statusName} (${valueText}${unit ? ` ${unit}` : ''})`,
      eventType: range.eventSetting.name || statusName,
      generatedAt: this.at,
      location: this.item.location ?? '',
      node: {
        itemDisplayName,
        itemName: this.item.itemName,
        signal: pref.signal,
        value: valueText,
        unit,
        rangeStatus: statusName,
        displayName,
      },
      value: valueText,
      unit,
      rangeStatus: statusName,
      actions: rangeActions(range),
    });
  }

  /** One field of an uplink. */
  ingestField(field: string, input: unknown): void {
    const pref = this.pref(field, input);
    const fr = this.state(field);
    const atMs = this.at.getTime();
    const reading = this.read(field, pref, input);
    if (reading === undefined) return;
    const accumulative = pref.signal === 'analog' && pref.accumulative;
    if (this.isLate(field, fr, atMs)) {
      // Older than the reading the field shows (redelivered after a restart, buffered by a gateway, in an earlier
      // batch): its history row is kept at its own time, the current state does not go back. The running total at
      // that time is unknown, so an accumulative field gets no row for it.
      if (!accumulative) this.recordHistory(field, pref, reading);
      return;
    }
    fr.at = atMs;
    let value = reading;
    if (accumulative && typeof reading === 'number') {
      const previous = fr.total ?? toAnalog(fr.ov ? this.output[rawKey(field)] : this.output[field]) ?? 0;
      fr.total = previous + reading;
      value = fr.total;
    }

    this.scheduleReset(field, pref, value, atMs);

    let shown: unknown = value;
    if (typeof value === 'number' && (pref.signal === 'analog' || pref.signal === 'digital') && debounceActive(pref.debounce)) {
      this.output[rawKey(field)] = value;
      if (this.skipsDebounce(pref, fr, value)) {
        Object.assign(fr, restartDebounce(value, atMs, pref.debounce));
      } else {
        const step = debounceSample(pref.debounce, fr, value, atMs, pref.signal === 'digital');
        Object.assign(fr, step.state);
        shown = step.output;
      }
    } else if (fr.w) {
      // Debounce turned off: forget its window.
      delete fr.w;
      delete fr.rs;
      delete fr.rn;
      delete fr.lo;
      delete fr.hi;
      delete fr.done;
    }
    if (pref.overrideValueEnabled) this.output[rawKey(field)] = value;
    if (shown === undefined) return; // waiting for a stable value: the field keeps its previous value
    this.recordHistory(field, pref, shown);
    this.show(field, pref, shown, value);
  }

  /**
   * The reading in the field's signal: signal conversion, spike filter and simple convert (analog), Invert (digital).
   * Undefined when it is discarded.
   */
  private read(field: string, pref: FieldPreference, input: unknown): unknown {
    let value: unknown;
    if (pref.signal === 'analog') {
      const v = toAnalog(input);
      if (v !== undefined && !passesSpikeFilter(v, pref.filter)) {
        this.discard(field, input, {
          reason: 'spikeFilter',
          min: toAnalog(pref.filter?.min) ?? null,
          max: toAnalog(pref.filter?.max) ?? null,
        });
        return undefined;
      }
      if (v !== undefined) value = pref.simpleConvertEnabled ? simpleConvert(v, pref.simpleConvert) : v;
    } else if (pref.signal === 'digital') {
      const d = toDigital(input);
      if (d !== undefined) value = pref.logic === 'Invert' ? 1 - d : d;
    } else if (pref.signal === 'string') {
      value = toText(input);
    } else if (input !== null) {
      value = input;
    }
    if (value === undefined) this.discard(field, input, { reason: 'unreadable', signal: pref.signal });
    return value;
  }

  /** Counts a discarded reading of the field and keeps it as the last one unless a later one is kept already. */
  private discard(field: string, input: unknown, why: Pick<FieldDiscards, 'reason' | 'min' | 'max' | 'signal'>): void {
    this.discarded.push(field);
    const before = this.discards[field];
    const at = this.at.toISOString();
    const latest = !before || Date.parse(before.at) <= this.at.getTime();
    this.discards[field] = latest
      ? { count: (before?.count ?? 0) + 1, value: discardedText(input), at, ...why }
      : { ...before, count: before.count + 1 };
  }

  /**
   * Whether a reading at `atMs` is older than the one the field shows. A field stored before its own time was kept
   * takes the item's last uplink time.
   */
  private isLate(field: string, fr: FieldRuntime, atMs: number): boolean {
    const shownAt = fr.at ?? (field in this.output ? this.item.lastReceiveDate?.getTime() : undefined);
    return shownAt !== undefined && atMs < shownAt;
  }

  /** skipDebounceWhenResume: the value goes from a range with an enabled event to one without (see the doc). */
  private skipsDebounce(pref: FieldPreference, fr: FieldRuntime, value: number): boolean {
    if (!pref.debounce.skipDebounceWhenResume) return false;
    if (!rangeAt(pref, fr.range)?.eventSetting?.enable) return false;
    const target = matchRange(pref, value);
    return target !== fr.range && !rangeAt(pref, target)?.eventSetting?.enable;
  }

  private scheduleReset(field: string, pref: FieldPreference, value: unknown, atMs: number): void {
    const fr = this.state(field);
    const reset = pref.resetSetting;
    let pending = false;
    if (reset.enable && pref.signal === 'digital') pending = value !== (toDigital(reset.resetValue) ?? 0);
    else if (reset.enable && pref.signal === 'string') pending = value === (reset.baseValue ?? '');
    if (pending) fr.resetAt = atMs + Math.max(0, Number(reset.resetDelaySecond) || 0) * 1000;
    else delete fr.resetAt;
  }

  /** Time-based work of one field: a stable-by-seconds debounce value, an auto reset. */
  tickField(field: string): void {
    const fr = this.state(field);
    const pref = this.pref(field, this.output[field]);
    const atMs = this.at.getTime();
    const digital = pref.signal === 'digital';
    const step = debounceActive(pref.debounce) ? debounceTick(pref.debounce, fr, atMs, digital) : null;
    if (step && step.output !== undefined) {
      Object.assign(fr, step.state);
      this.recordHistory(field, pref, step.output);
      this.show(field, pref, step.output);
    }
    if (fr.resetAt === undefined || atMs < fr.resetAt) return;
    delete fr.resetAt;
    const reset = pref.resetSetting;
    if (!reset.enable || (pref.signal !== 'digital' && pref.signal !== 'string')) return;
    const actual = fr.ov || debounceActive(pref.debounce) ? this.output[rawKey(field)] : this.output[field];
    if (pref.signal === 'string' && actual !== (reset.baseValue ?? '')) return;
    const value = digital ? (toDigital(reset.resetValue) ?? 0) : (toText(reset.resetValue) ?? '');
    if (typeof value === 'number' && debounceActive(pref.debounce)) {
      Object.assign(fr, restartDebounce(value, atMs, pref.debounce));
      this.output[rawKey(field)] = value;
    }
    this.recordHistory(field, pref, value);
    this.show(field, pref, value, value);
  }

  /** Re-applies override and ranges to the current value (after a preference or override change). */
  reevaluateField(field: string): void {
    const pref = this.pref(field, this.output[field]);
    const fr = this.state(field);
    let actual: unknown = this.output[field];
    if (fr.ov) {
      actual = this.output[rawKey(field)];
      if (debounceActive(pref.debounce) && fr.w?.length) {
        const v = aggregate(
          pref.debounce.type,
          fr.w.map(([, x]) => x),
        );
        actual = pref.signal === 'digital' ? (v >= 0.5 ? 1 : 0) : v;
      }
    }
    if (actual === undefined && overrideOf(pref) === undefined) return;
    this.show(field, pref, actual);
  }

  result(valid: boolean): ProcessResult {
    let severity = 0;
    for (const s of Object.values(this.fieldStatus)) severity = Math.max(severity, severityOfColor(s.color));
    let eventSeverity = 0;
    for (const e of this.open) eventSeverity = Math.max(eventSeverity, e.severity);
    let dueAt: number | undefined;
    for (const [field, fr] of Object.entries(this.fields)) {
      const pref = this.pref(field, this.output[field]);
      for (const t of [fr.resetAt, debounceDueAt(pref.debounce, fr)]) {
        if (t !== undefined && (dueAt === undefined || t < dueAt)) dueAt = t;
      }
    }
    const runtime: ItemRuntime = { fields: this.fields };
    if (dueAt !== undefined) runtime.dueAt = dueAt;
    const status: ItemStatus = { severity, eventSeverity, fieldStatus: this.fieldStatus };
    if (Object.keys(this.discards).length > 0) status.discarded = this.discards;
    return {
      outputSimple: this.output,
      status,
      runtime,
      history: this.history,
      eventChanges: this.changes,
      openEvents: this.open,
      valid,
      discarded: this.discarded,
      changedFields: [...this.changed],
    };
  }
}

/**
 * Processes the field values of one uplink for an item: signal conversion, spike filter, simple convert,
 * accumulation, debounce, auto-reset scheduling, override, colour ranges and event transitions. Pure: the caller
 * stores the result. See docs/field-processing.md.
 */
export function processUplink(
  item: ProcessableItem,
  fields: Record<string, unknown>,
  at: Date,
  runtime: ItemRuntime | null | undefined,
): ProcessResult {
  const work = new Work(item, runtime, at);
  const keys = Object.keys(fields ?? {});
  for (const field of keys) work.ingestField(field, fields[field]);
  return work.result(keys.length > 0 && work.discarded.length === 0);
}

/** Time-based work due at `at` (auto resets, stable-by-seconds debounce). `valid` tells whether anything changed. */
export function tick(item: ProcessableItem, at: Date, runtime: ItemRuntime | null | undefined): ProcessResult {
  const work = new Work(item, runtime, at);
  for (const field of Object.keys(runtime?.fields ?? {})) work.tickField(field);
  const result = work.result(false);
  result.valid = result.changedFields.length > 0 || result.eventChanges.length > 0;
  return result;
}

/**
 * Applies the current preferences (override, ranges, events) to the current values without a new reading; for the
 * API after a field preference or override change. `valid` tells whether anything changed.
 */
export function reevaluate(
  item: ProcessableItem,
  at: Date,
  runtime: ItemRuntime | null | undefined,
  fields: readonly string[] = Object.keys(item.input ?? {}),
): ProcessResult {
  const work = new Work(item, runtime, at);
  for (const field of fields) work.reevaluateField(field);
  const result = work.result(false);
  result.valid = result.changedFields.length > 0 || result.eventChanges.length > 0;
  return result;
}
