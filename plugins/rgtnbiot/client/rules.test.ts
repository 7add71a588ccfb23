import { describe, expect, it } from 'vitest';
import { validate } from './rules';

describe('RGT NB-IoT wizard form rules', () => {
  it('needs a 15-digit IMEI', () => {
    expect(validate({ deviceEUI: '86753091234567' })).toEqual(['rgtnbiot.errors.imei']);
    expect(validate({ deviceEUI: '867530912345678' })).toEqual([]);
  });
});
