import { isCompleteHexMask, TTN_ADDRESS_MASK, TTN_EUI_MASK, TTN_KEY_MASK, type HexMask } from '@sensorium/nodes/common';

const FILL_OUT = 'ttn.errors.fillOut';
/** The Things Stack device ids: lower-case letters, digits and hyphens, at most 36 characters. */
const DEVICE_ID = /^[a-z0-9](?:[-]?[a-z0-9]){1,35}$/;
/** A TTS application id (the same rule), optionally with its `@tenant`. */
const APPLICATION_ID = /^[a-z0-9](?:[-]?[a-z0-9]){1,35}(?:@[a-z0-9](?:[-]?[a-z0-9]){1,35})?$/;

/**
 * Spec 5: the activate method is required, and the masked fields must be complete — dev EUI and app EUI 8
 * hyphen-separated byte pairs, app key and network session key 16, dev address 4. OTAA needs dev EUI, app EUI and app
 * key; ABP the device address and network session key (a dev EUI, when typed, must be complete).
 */
export function requiredMasks(value: Record<string, unknown>): Record<string, HexMask> {
  if (value.activateMethod === 'ABP') return { devAddress: TTN_ADDRESS_MASK, netSessKey: TTN_KEY_MASK };
  return { devEUI: TTN_EUI_MASK, appEUI: TTN_EUI_MASK, appKey: TTN_KEY_MASK };
}

export function fieldErrors(value: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (typeof value.deviceEUI !== 'string' || !DEVICE_ID.test(value.deviceEUI.trim())) errors.deviceEUI = 'ttn.errors.deviceId';
  if (typeof value.application !== 'string' || !APPLICATION_ID.test(value.application.trim())) {
    errors.application = 'ttn.errors.applicationId';
  }
  if (value.activateMethod !== 'OTAA' && value.activateMethod !== 'ABP') errors.activateMethod = 'ttn.errors.activateMethod';
  for (const [key, mask] of Object.entries(requiredMasks(value))) {
    if (!isCompleteHexMask(value[key], mask)) errors[key] = FILL_OUT;
  }
  if (typeof value.devEUI === 'string' && value.devEUI !== '' && !isCompleteHexMask(value.devEUI, TTN_EUI_MASK)) {
    errors.devEUI = FILL_OUT;
  }
  return errors;
}

export function validate(value: Record<string, unknown>): string[] {
  return [...new Set(Object.values(fieldErrors(value)))];
}

/** No activate method chosen yet: the user must pick one (spec 5). */
export function initialValue(): Record<string, unknown> {
  return { deviceEUI: '', application: '', activateMethod: '', devEUI: '' };
}
