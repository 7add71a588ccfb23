import { describe, expect, it } from 'vitest';
import { fieldErrors, validate } from './rules';

const otaa = {
  deviceEUI: 'eui-70b3d57ed005a1b2',
  application: 'parking-lot',
  activateMethod: 'OTAA',
  devEUI: '70-B3-D5-7E-D0-05-A1-B2',
  appEUI: '00-00-00-00-00-00-00-01',
  appKey: '00-11-22-33-44-55-66-77-88-99-AA-BB-CC-DD-EE-FF',
};

describe('TTN wizard form rules (spec 5)', () => {
  it('requires the activate method', () => {
    expect(fieldErrors({ ...otaa, activateMethod: '' }).activateMethod).toBe('ttn.errors.activateMethod');
    expect(validate(otaa)).toEqual([]);
  });

  it('requires complete masks: EUIs of 8 pairs, keys of 16, the device address of 4', () => {
    expect(fieldErrors({ ...otaa, devEUI: '70-B3-D5-7E-D0-05-A1' })).toEqual({ devEUI: 'ttn.errors.fillOut' });
    expect(fieldErrors({ ...otaa, appKey: '00-11-22-33-44-55-66-77-88-99-AA-BB-CC-DD-EE' })).toEqual({
      appKey: 'ttn.errors.fillOut',
    });
    const abp = {
      deviceEUI: 'meter-1',
      application: 'meters@acme',
      activateMethod: 'ABP',
      devAddress: '26-01-1F',
      netSessKey: otaa.appKey,
    };
    expect(fieldErrors(abp)).toEqual({ devAddress: 'ttn.errors.fillOut' });
    expect(validate({ ...abp, devAddress: '26-01-1F-AB' })).toEqual([]);
  });

  it('requires the The Things Stack device id', () => {
    expect(fieldErrors({ ...otaa, deviceEUI: '' }).deviceEUI).toBe('ttn.errors.deviceId');
    expect(fieldErrors({ ...otaa, deviceEUI: 'Meter 1' }).deviceEUI).toBe('ttn.errors.deviceId');
  });

  it('requires the TTS application id (device ids are unique only within one), with an optional @tenant', () => {
    expect(fieldErrors({ ...otaa, application: '' }).application).toBe('ttn.errors.applicationId');
    expect(fieldErrors({ ...otaa, application: 'Parking Lot' }).application).toBe('ttn.errors.applicationId');
    expect(fieldErrors({ ...otaa, application: 'parking-lot@ttn' }).application).toBeUndefined();
  });
});
