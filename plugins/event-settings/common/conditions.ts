import type { RuleConditions, ValueRange } from './rule';

/** Whether `value` lies in the range (bounds inclusive, a null bound open). */
export function inRange(value: number, range: ValueRange): boolean {
  return (range.min === null || value >= range.min) && (range.max === null || value <= range.max);
}

/** How far `value` lies outside the range: 0 inside it. */
export function distanceOutside(value: number, range: ValueRange): number {
  if (range.min !== null && value < range.min) return range.min - value;
  if (range.max !== null && value > range.max) return value - range.max;
  return 0;
}

/** The value opens (or keeps) the rule's event: it is in a trigger range. */
export function triggers(conditions: Pick<RuleConditions, 'triggerRanges'>, value: number): boolean {
  return conditions.triggerRanges.some((range) => inRange(value, range));
}

/**
 * The value resumes the rule's event: it is beyond every trigger range by at least the hysteresis (and outside them at
 * all), and, unless resumeOnAny, in a resume range.
 */
export function resumes(
  conditions: Pick<RuleConditions, 'triggerRanges' | 'resumeRanges' | 'resumeOnAny' | 'hysteresis'>,
  value: number,
): boolean {
  const margin = Math.min(...conditions.triggerRanges.map((range) => distanceOutside(value, range)));
  if (margin <= 0 || margin < conditions.hysteresis) return false;
  return conditions.resumeOnAny || conditions.resumeRanges.some((range) => inRange(value, range));
}

/** The numeric reading of a field value (numbers, numeric text and booleans as 0/1); null for anything else. */
export function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

/** What the rule's device selectors need to know of a device. */
export interface WatchedDevice {
  itemName: string;
  deviceType: string;
  tags: readonly string[];
}

/** Whether the rule watches the device: all devices, or every non-empty selector matches. */
export function watches(
  conditions: Pick<RuleConditions, 'allDevices' | 'deviceTypes' | 'tags' | 'devices'>,
  device: WatchedDevice,
): boolean {
  if (conditions.allDevices) return true;
  const { deviceTypes, tags, devices } = conditions;
  if (deviceTypes.length === 0 && tags.length === 0 && devices.length === 0) return false;
  return (
    (deviceTypes.length === 0 || deviceTypes.includes(device.deviceType)) &&
    (tags.length === 0 || tags.some((tag) => device.tags.includes(tag))) &&
    (devices.length === 0 || devices.includes(device.itemName))
  );
}
