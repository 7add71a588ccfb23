import type { DebounceSetting, DebounceType } from '@sensorium/nodes/common';
import type { FieldRuntime } from './types';

export function aggregate(type: DebounceType, values: readonly number[]): number {
  if (values.length === 0) return NaN;
  switch (type) {
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    case 'last':
      return values[values.length - 1] ?? NaN;
    case 'median': {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      const hi = sorted[mid] ?? NaN;
      return sorted.length % 2 ? hi : ((sorted[mid - 1] ?? NaN) + hi) / 2;
    }
    case 'avg':
    default:
      return values.reduce((sum, v) => sum + v, 0) / values.length;
  }
}

/** Whether the debounce does anything: enabled with a window longer than one sample / zero seconds. */
export function debounceActive(d: Partial<DebounceSetting> | undefined): boolean {
  if (!d?.enable) return false;
  const n = Number(d.number);
  if (!Number.isFinite(n) || n <= 0) return false;
  return d.unit === 'samples' ? n > 1 : true;
}

export interface DebounceStep {
  /** The debounced value, or undefined while waiting for a stable value (the field keeps its previous value). */
  output: number | undefined;
  state: FieldRuntime;
}

type DebounceState = Pick<FieldRuntime, 'w' | 'rs' | 'rn' | 'lo' | 'hi' | 'done'>;

function windowOf(d: Partial<DebounceSetting>, w: [number, number][], atMs: number): [number, number][] {
  const n = Number(d.number);
  if (d.unit === 'samples') return w.slice(-Math.floor(n));
  const from = atMs - n * 1000;
  const kept = w.filter(([t]) => t >= from);
  // The latest sample always stays (it is the value in force).
  return kept.length ? kept : w.slice(-1);
}

function finish(d: Partial<DebounceSetting>, values: number[], digital: boolean): number {
  const v = aggregate(d.type ?? 'avg', values);
  return digital ? (v >= 0.5 ? 1 : 0) : v;
}

/** Adds a sample to the debounce window of a field and returns the debounced value (see docs/field-processing.md). */
export function debounceSample(
  d: Partial<DebounceSetting>,
  state: DebounceState,
  value: number,
  atMs: number,
  digital: boolean,
): DebounceStep {
  const next: DebounceState = { w: [...(state.w ?? [])], rs: state.rs, rn: state.rn, lo: state.lo, hi: state.hi };
  if (d.waitUntilStable) {
    const maxDeviation = Math.max(0, Number(d.maxDeviation) || 0);
    const lo = Math.min(next.lo ?? value, value);
    const hi = Math.max(next.hi ?? value, value);
    if (next.rs === undefined || hi - lo > maxDeviation) {
      // A value outside the tolerance starts a new stable run.
      next.rs = atMs;
      next.rn = 1;
      next.lo = value;
      next.hi = value;
      next.w = [];
    } else {
      next.rn = (next.rn ?? 0) + 1;
      next.lo = lo;
      next.hi = hi;
    }
  }
  next.w = windowOf(d, [...(next.w ?? []), [atMs, value]], atMs);
  const n = Number(d.number);
  const stable = !d.waitUntilStable || (d.unit === 'samples' ? (next.rn ?? 0) >= n : atMs - (next.rs ?? atMs) >= n * 1000);
  if (d.waitUntilStable && d.unit !== 'samples') next.done = stable;
  return {
    output: stable
      ? finish(
          d,
          next.w.map(([, v]) => v),
          digital,
        )
      : undefined,
    state: next,
  };
}

/** Seconds-based waitUntilStable: when the run has become stable without a new sample, its value is due. */
export function debounceDueAt(d: Partial<DebounceSetting> | undefined, state: DebounceState): number | undefined {
  if (!debounceActive(d) || !d?.waitUntilStable || d.unit === 'samples') return undefined;
  if (state.rs === undefined || state.done) return undefined;
  return state.rs + Number(d.number) * 1000;
}

/** tick: emits a run that became stable by time alone. */
export function debounceTick(
  d: Partial<DebounceSetting>,
  state: DebounceState,
  atMs: number,
  digital: boolean,
): DebounceStep | null {
  const due = debounceDueAt(d, state);
  if (due === undefined || atMs < due) return null;
  const w = windowOf(d, state.w ?? [], atMs);
  return {
    output: finish(
      d,
      w.map(([, v]) => v),
      digital,
    ),
    state: { ...state, w, done: true },
  };
}

/** A fresh window holding one sample (used when debounce is skipped on resume, and after an auto reset). */
export function restartDebounce(value: number, atMs: number, d?: Partial<DebounceSetting>): DebounceState {
  const n = Math.max(1, Number(d?.number) || 1);
  // The restarted run counts as stable already (its value was just emitted).
  return d?.waitUntilStable
    ? { w: [[atMs, value]], rs: atMs - (d.unit === 'samples' ? 0 : n * 1000), rn: n, lo: value, hi: value, done: true }
    : { w: [[atMs, value]], rs: undefined, rn: undefined, lo: undefined, hi: undefined, done: undefined };
}
