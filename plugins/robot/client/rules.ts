/** A robot needs its serial number; the extra information is a JSON object text or empty. */
export function fieldErrors(value: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (typeof value.sn !== 'string' || value.sn.trim() === '') errors.sn = 'robot.errors.sn';
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

/** Spec 9: the robot server type defaults to test. */
export function initialValue(): Record<string, unknown> {
  return { deviceProfile: '', sn: '', serverType: 'test', jobType: '', robotInfo: '', deviceExtraInfo: '' };
}
