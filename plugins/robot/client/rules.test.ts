import { describe, expect, it } from 'vitest';
import { initialValue, validate, withDeviceId } from './rules';

describe('robot wizard form rules', () => {
  it('needs a serial number and JSON (or nothing) as extra information; server type test by default', () => {
    expect(initialValue().serverType).toBe('test');
    expect(validate(initialValue())).toEqual(['robot.errors.sn']);
    expect(validate({ sn: 'R-1', deviceExtraInfo: '{"mapId": 1}' })).toEqual([]);
    expect(validate({ sn: 'R-1', deviceExtraInfo: '{mapId}' })).toEqual(['robot.errors.json']);
  });

  it('takes the serial number as the device id uplinks are matched by, and refuses one that is no topic level', () => {
    expect(withDeviceId({ sn: ' SN-7 ', deviceEUI: 'old' })).toEqual({ sn: ' SN-7 ', deviceEUI: 'SN-7' });
    expect(validate({ sn: 'a/b' })).toEqual(['robot.errors.snInvalid']);
  });
});
