/** PRTG sensor ids (objid) are whole numbers. */
const SENSOR_ID = /^\d{1,12}$/;

/** Spec 4: a PRTG item's Basic Information step is valid with a host; the sensor whose channels it polls is needed too. */
export function fieldErrors(value: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const host = typeof value.host === 'string' ? value.host.trim() : '';
  if (host === '') errors.host = 'prtg.errors.host';
  else if (/\s/.test(host)) errors.host = 'prtg.errors.hostInvalid';
  if (!SENSOR_ID.test(typeof value.sensorId === 'string' ? value.sensorId.trim() : '')) errors.sensorId = 'prtg.errors.sensorId';
  return errors;
}

export function validate(value: Record<string, unknown>): string[] {
  return Object.values(fieldErrors(value));
}

export function initialValue(): Record<string, unknown> {
  return { deviceProfile: '', host: '', sensorId: '' };
}
