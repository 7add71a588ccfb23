import { describe, expect, it } from 'vitest';
import { maskedFields, validate } from './rules';

const EUI = '70b3d57ed005a1b2';
const KEY = '00112233445566778899aabbccddeeff';

describe('TrackCentral wizard form rules', () => {
  it('asks for the OTAA or ABP keys of the chosen version', () => {
    expect(Object.keys(maskedFields({ activateMethod: 'OTAA', version: '1.0' }))).toEqual(['deviceEUI', 'joineui', 'appkey']);
    expect(Object.keys(maskedFields({ activateMethod: 'OTAA', version: '1.1' }))).toContain('nwkkey');
    expect(Object.keys(maskedFields({ activateMethod: 'ABP', version: '1.1' }))).toEqual([
      'deviceEUI',
      'devAddress',
      'appsKey',
      'netSessKey',
      'nwkskeyup',
      'nwkskeydn',
    ]);
  });

  it('is complete with a device profile and every shown masked field filled', () => {
    const otaa = { deviceProfile: 'p', activateMethod: 'OTAA', version: '1.0', deviceEUI: EUI, joineui: EUI, appkey: KEY };
    expect(validate(otaa)).toEqual([]);
    expect(validate({ ...otaa, appkey: KEY.slice(2) })).toEqual(['trackcentral.errors.fillOut']);
    expect(validate({ ...otaa, deviceProfile: '' })).toEqual(['trackcentral.errors.deviceProfile']);
    const abp = { deviceProfile: 'p', activateMethod: 'ABP', version: '1.0', deviceEUI: EUI, devAddress: '26011fab' };
    expect(validate({ ...abp, appsKey: KEY, netSessKey: KEY })).toEqual([]);
    expect(validate(abp)).toEqual(['trackcentral.errors.fillOut']);
  });
});
