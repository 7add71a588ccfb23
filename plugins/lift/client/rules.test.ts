import { describe, expect, it } from 'vitest';
import { initialValue, validate, withDeviceId } from './rules';

describe('lift wizard form rules', () => {
  it('starts with floors L5 to L1 and needs a serial number', () => {
    expect(initialValue()).toMatchObject({ topFloor: 'L5', bottomFloor: 'L1' });
    expect(validate(initialValue())).toEqual(['lift.errors.sn']);
    expect(validate({ ...initialValue(), sn: 'LIFT-A' })).toEqual([]);
  });

  it('takes the serial number as the device id uplinks are matched by, and refuses one that is no topic level', () => {
    expect(withDeviceId({ sn: ' SN-7 ', deviceEUI: 'old' })).toEqual({ sn: ' SN-7 ', deviceEUI: 'SN-7' });
    expect(validate({ sn: 'a/b' })).toEqual(['lift.errors.snInvalid']);
  });
});
