/** The generic API source needs no settings: the device posts its values to the ingest endpoint. */
export function fieldErrors(_value: Record<string, unknown>): Record<string, string> {
  return {};
}

export function validate(value: Record<string, unknown>): string[] {
  return Object.values(fieldErrors(value));
}

export function initialValue(): Record<string, unknown> {
  return {};
}
