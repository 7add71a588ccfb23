/** A lift needs its serial number. */
export function fieldErrors(value: Record<string, unknown>): Record<string, string> {
  return typeof value.sn === 'string' && value.sn.trim() !== '' ? {} : { sn: 'lift.errors.sn' };
}

export function validate(value: Record<string, unknown>): string[] {
  return Object.values(fieldErrors(value));
}

/** Spec 9: lift floors default to L5 (top) and L1 (bottom). */
export function initialValue(): Record<string, unknown> {
  return { deviceProfile: '', sn: '', buildingId: '', groupId: '', areaId: '', topFloor: 'L5', bottomFloor: 'L1' };
}
