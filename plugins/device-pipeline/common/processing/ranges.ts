import { rangeDisplayName, type FieldPreference, type RangeEntry } from '@sensorium/nodes/common';
import { toAnalog } from './signal';
import type { FieldStatus } from './types';

/** Range index of a value below belowMinimum.minNumber. */
export const BELOW_MINIMUM = -1;
/** Range index of a value above aboveMaximum.maxNumber. */
export const ABOVE_MAXIMUM = -2;
export const BELOW_MINIMUM_STATUS = 'Below Minimum';
export const ABOVE_MAXIMUM_STATUS = 'Above Maximum';

type RangePreference = Pick<FieldPreference, 'signal' | 'rangeSettings'>;

function bound(value: unknown): number | undefined {
  return value === null || value === '' ? undefined : toAnalog(value);
}

/**
 * The range holding a value (see docs/field-processing.md):
 * - analog: below minimum when v < minNumber, above maximum when v > maxNumber; else the first range (in list order) with
 *   startNum ≤ v < endNum; else the first range whose endNum equals v (a range is closed at the top when no range
 *   starts there); else null. A range with startNum > endNum is read with its bounds swapped.
 * - digital / string: the first range whose `value` equals the value (digital compares numbers, string compares text).
 * - json: never in a range.
 */
export function matchRange(pref: RangePreference, value: unknown): number | null {
  const settings = pref.rangeSettings;
  const ranges: readonly RangeEntry[] = Array.isArray(settings?.ranges) ? settings.ranges : [];
  if (pref.signal === 'json' || value === undefined || value === null) return null;
  if (pref.signal === 'digital') {
    const v = toAnalog(value);
    const i = ranges.findIndex((r) => toAnalog(r.value) === v);
    return i < 0 ? null : i;
  }
  if (pref.signal === 'string') {
    const v = String(value);
    const i = ranges.findIndex((r) => r.value !== null && r.value !== undefined && String(r.value) === v);
    return i < 0 ? null : i;
  }
  const v = toAnalog(value);
  if (v === undefined) return null;
  const min = bound(settings?.belowMinimum?.minNumber);
  const max = bound(settings?.aboveMaximum?.maxNumber);
  if (min !== undefined && v < min) return BELOW_MINIMUM;
  if (max !== undefined && v > max) return ABOVE_MAXIMUM;
  const limits = ranges.map((r) => {
    const a = toAnalog(r.startNum);
    const b = toAnalog(r.endNum);
    return a === undefined || b === undefined ? null : ([Math.min(a, b), Math.max(a, b)] as const);
  });
  const inside = limits.findIndex((l) => l !== null && l[0] <= v && v < l[1]);
  if (inside >= 0) return inside;
  const atTop = limits.findIndex((l) => l !== null && v === l[1]);
  return atTop < 0 ? null : atTop;
}

/** fieldStatus of a range index; undefined when the value is in no range. */
export function statusOfRange(pref: RangePreference, index: number | null | undefined): FieldStatus | undefined {
  if (index === null || index === undefined) return undefined;
  if (index === BELOW_MINIMUM) return { status: BELOW_MINIMUM_STATUS, color: 'N/A' };
  if (index === ABOVE_MAXIMUM) return { status: ABOVE_MAXIMUM_STATUS, color: 'N/A' };
  const range = pref.rangeSettings?.ranges?.[index];
  if (!range) return undefined;
  return { status: rangeDisplayName(range), color: range.color ?? 'N/A' };
}

export function rangeAt(pref: RangePreference, index: number | null | undefined): RangeEntry | undefined {
  return index === null || index === undefined || index < 0 ? undefined : pref.rangeSettings?.ranges?.[index];
}

/**
 * What a range asks to happen when its event is raised (its notification, webhook and task settings), copied into the
 * event so that a later edit of the range does not change what is already under way. Absent settings are left out.
 */
export function rangeActions(range: RangeEntry): Record<string, unknown> {
  return {
    ...(range.notificationSetting ? { notification: range.notificationSetting } : {}),
    ...(range.webhookSetting ? { webhook: range.webhookSetting } : {}),
    ...(range.eventSetting?.task ? { task: range.eventSetting.task } : {}),
  };
}
