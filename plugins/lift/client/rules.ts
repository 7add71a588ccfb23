/** A lift needs its serial number: it is the lift's device id, so it must fit one MQTT topic level. */
export function fieldErrors(value: Record<string, unknown>): Record<string, string> {
  const sn = typeof value.sn === 'string' ? value.sn.trim() : '';
  if (sn === '') return { sn: 'lift.errors.sn' };
  return /[/+#\s]/.test(sn) ? { sn: 'lift.errors.snInvalid' } : {};
}

export function validate(value: Record<string, unknown>): string[] {
  return Object.values(fieldErrors(value));
}

/** Uplinks name a lift by its serial number, and items are matched by their device id: the serial number is both. */
export function withDeviceId(value: Record<string, unknown>): Record<string, unknown> {
  return { ...value, deviceEUI: typeof value.sn === 'string' ? value.sn.trim() : '' };
}

/** Spec 9: lift floors default to L5 (top) and L1 (bottom). */
export function initialValue(): Record<string, unknown> {
  return { deviceProfile: '', sn: '', buildingId: '', groupId: '', areaId: '', topFloor: 'L5', bottomFloor: 'L1' };
}
