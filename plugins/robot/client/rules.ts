/** A robot needs its serial number; the extra information is a JSON object text or empty. */
export function fieldErrors(value: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const sn = typeof value.sn === 'string' ? value.sn.trim() : '';
  if (sn === '') errors.sn = 'robot.errors.sn';
  // The serial number is the robot's device id: one MQTT topic level.
  else if (/[/+#\s]/.test(sn)) errors.sn = 'robot.errors.snInvalid';
  const extra = typeof value.deviceExtraInfo === 'string' ? value.deviceExtraInfo.trim() : '';
  if (extra !== '') {
    try {
      JSON.parse(extra);
    } catch {
      errors.deviceExtraInfo = 'robot.errors.json';
    }
  }
  return errors;
}

export function validate(value: Record<string, unknown>): string[] {
  return Object.values(fieldErrors(value));
}

/** Uplinks name a robot by its serial number, and items are matched by their device id: the serial number is both. */
export function withDeviceId(value: Record<string, unknown>): Record<string, unknown> {
  return { ...value, deviceEUI: typeof value.sn === 'string' ? value.sn.trim() : '' };
}

/** Spec 9: the robot server type defaults to test. */
export function initialValue(): Record<string, unknown> {
  return { deviceProfile: '', sn: '', serverType: 'test', jobType: '', robotInfo: '', deviceExtraInfo: '' };
}
