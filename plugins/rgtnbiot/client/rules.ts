/** The device EUI of an RGT NB-IoT device is its IMEI: 15 digits. */
export function fieldErrors(value: Record<string, unknown>): Record<string, string> {
  return typeof value.deviceEUI === 'string' && /^\d{15}$/.test(value.deviceEUI.trim())
    ? {}
    : { deviceEUI: 'rgtnbiot.errors.imei' };
}

export function validate(value: Record<string, unknown>): string[] {
  return Object.values(fieldErrors(value));
}

export function initialValue(): Record<string, unknown> {
  return { deviceProfile: '', deviceEUI: '' };
}
