import { isCompleteHexMask, PLAIN_EUI_MASK, PLAIN_KEY_MASK } from '@sensorium/nodes/common';

const FILL_OUT = 'chirpstack.errors.fillOut';

/** Spec 2.11 / 5: a ChirpStack device needs a device profile, and its masked DevEUI and OTAA key complete. */
export function fieldErrors(value: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (typeof value.deviceProfile !== 'string' || value.deviceProfile === '')
    errors.deviceProfile = 'chirpstack.errors.deviceProfile';
  if (!isCompleteHexMask(value.deviceEUI, PLAIN_EUI_MASK)) errors.deviceEUI = FILL_OUT;
  if (!isCompleteHexMask(value.otaaKey, PLAIN_KEY_MASK)) errors.otaaKey = FILL_OUT;
  return errors;
}

export function validate(value: Record<string, unknown>): string[] {
  return [...new Set(Object.values(fieldErrors(value)))];
}

export function initialValue(): Record<string, unknown> {
  return { deviceProfile: '', deviceEUI: '', otaaKey: '' };
}
