import { describe, expect, it } from 'vitest';
import { validate } from './rules';

describe('ChirpStack wizard form rules', () => {
  it('needs a device profile and a complete DevEUI and OTAA key', () => {
    expect(validate({})).toEqual(['chirpstack.errors.deviceProfile', 'chirpstack.errors.fillOut']);
    expect(validate({ deviceProfile: 'p', deviceEUI: '70b3d57ed005a1', otaaKey: '00112233445566778899aabbccddeeff' })).toEqual([
      'chirpstack.errors.fillOut',
    ]);
    expect(validate({ deviceProfile: 'p', deviceEUI: '70b3d57ed005a1b2', otaaKey: '00112233445566778899aabbccddeeff' })).toEqual(
      [],
    );
  });
});
