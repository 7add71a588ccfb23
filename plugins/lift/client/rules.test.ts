import { describe, expect, it } from 'vitest';
import { initialValue, validate } from './rules';

describe('lift wizard form rules', () => {
  it('starts with floors L5 to L1 and needs a serial number', () => {
    expect(initialValue()).toMatchObject({ topFloor: 'L5', bottomFloor: 'L1' });
    expect(validate(initialValue())).toEqual(['lift.errors.sn']);
    expect(validate({ ...initialValue(), sn: 'LIFT-A' })).toEqual([]);
  });
});
