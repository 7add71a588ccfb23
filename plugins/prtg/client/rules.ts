/** Spec 4: a PRTG item's Basic Information step is valid with a host. */
export function fieldErrors(value: Record<string, unknown>): Record<string, string> {
  return typeof value.host === 'string' && value.host.trim() !== '' ? {} : { host: 'prtg.errors.host' };
}

export function validate(value: Record<string, unknown>): string[] {
  return Object.values(fieldErrors(value));
}

export function initialValue(): Record<string, unknown> {
  return { deviceProfile: '', host: '' };
}
