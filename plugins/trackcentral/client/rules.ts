import { isCompleteHexMask, PLAIN_ADDRESS_MASK, PLAIN_EUI_MASK, PLAIN_KEY_MASK, type HexMask } from '@sensorium/nodes/common';

const FILL_OUT = 'trackcentral.errors.fillOut';

/** The masked fields shown for an activation method and LoRaWAN version; every shown one must be complete (spec 5). */
export function maskedFields(value: Record<string, unknown>): Record<string, HexMask> {
  const abp = value.activateMethod === 'ABP';
  const v11 = value.version === '1.1';
  if (abp) {
    return {
      deviceEUI: PLAIN_EUI_MASK,
      devAddress: PLAIN_ADDRESS_MASK,
      appsKey: PLAIN_KEY_MASK,
      netSessKey: PLAIN_KEY_MASK,
      ...(v11 ? { nwkskeyup: PLAIN_KEY_MASK, nwkskeydn: PLAIN_KEY_MASK } : {}),
    };
  }
  return {
    deviceEUI: PLAIN_EUI_MASK,
    joineui: PLAIN_EUI_MASK,
    appkey: PLAIN_KEY_MASK,
    ...(v11 ? { nwkkey: PLAIN_KEY_MASK } : {}),
  };
}

export function fieldErrors(value: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (typeof value.deviceProfile !== 'string' || value.deviceProfile === '')
    errors.deviceProfile = 'trackcentral.errors.deviceProfile';
  if (value.activateMethod !== 'OTAA' && value.activateMethod !== 'ABP') errors.activateMethod = FILL_OUT;
  if (value.version !== '1.0' && value.version !== '1.1') errors.version = FILL_OUT;
  for (const [key, mask] of Object.entries(maskedFields(value))) {
    if (!isCompleteHexMask(value[key], mask)) errors[key] = FILL_OUT;
  }
  return errors;
}

export function validate(value: Record<string, unknown>): string[] {
  return [...new Set(Object.values(fieldErrors(value)))];
}

export function initialValue(): Record<string, unknown> {
  return { deviceProfile: '', activateMethod: 'OTAA', version: '1.0' };
}
