import type { SignalType, SimpleConvert, SpikeFilter } from '@sensorium/nodes/common';

/** The signal of a field that has no preference: from the JSON type of its value. */
export function inferSignal(value: unknown): SignalType {
  if (typeof value === 'number') return 'analog';
  if (typeof value === 'boolean') return 'digital';
  if (value !== null && typeof value === 'object') return 'json';
  return 'string';
}

/** An analog reading: finite numbers, numeric strings, booleans (1 / 0). Anything else is unusable. */
export function toAnalog(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

const TRUE_WORDS = new Set(['true', 'on', 'high', 'open', 'yes']);
const FALSE_WORDS = new Set(['false', 'off', 'low', 'closed', 'close', 'no']);

/** A digital reading as 0 or 1: booleans, numbers (0 → 0, any other finite number → 1), '0'/'1', true/false words. */
export function toDigital(value: unknown): 0 | 1 | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? (value === 0 ? 0 : 1) : undefined;
  if (typeof value === 'string') {
    const s = value.trim().toLowerCase();
    if (TRUE_WORDS.has(s)) return 1;
    if (FALSE_WORDS.has(s)) return 0;
    const n = toAnalog(s);
    return n === undefined ? undefined : n === 0 ? 0 : 1;
  }
  return undefined;
}

/** A string reading: strings as they are, numbers and booleans as text, objects as JSON; null is unusable. */
export function toText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Spike filter: keeps min ≤ value ≤ max (both bounds inclusive); a bound that is not a finite number is ignored. */
export function passesSpikeFilter(value: number, filter: Partial<SpikeFilter> | undefined): boolean {
  const min = toAnalog(filter?.min);
  const max = toAnalog(filter?.max);
  if (min !== undefined && value < min) return false;
  if (max !== undefined && value > max) return false;
  return true;
}

/**
 * Simple convert: out = outMin + (in − inMin) × (outMax − outMin) / (inMax − inMin). No clamping (values outside the
 * input range extrapolate). inputResolution does not enter the formula (see docs/field-processing.md). When
 * inMax = inMin, or a parameter is not a number, the value passes unchanged.
 */
export function simpleConvert(value: number, c: Partial<SimpleConvert> | undefined): number {
  const inMin = toAnalog(c?.inputRangeMin);
  const inMax = toAnalog(c?.inputRangeMax);
  const outMin = toAnalog(c?.outputRangeMin);
  const outMax = toAnalog(c?.outputRangeMax);
  if (inMin === undefined || inMax === undefined || outMin === undefined || outMax === undefined || inMax === inMin) {
    return value;
  }
  return outMin + ((value - inMin) * (outMax - outMin)) / (inMax - inMin);
}
