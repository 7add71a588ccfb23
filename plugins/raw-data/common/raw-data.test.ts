import { describe, expect, it } from 'vitest';
import { splitDeviceData } from './index';

describe('raw data rows', () => {
  it('puts the LoRa keys in their own group', () => {
    const { lora, fields } = splitDeviceData({ temperature: 21.5, rssi: -80, snr: 7.5, RAT: 'NB', humidity: 40 });
    expect(lora).toEqual([
      ['rssi', -80],
      ['snr', 7.5],
      ['RAT', 'NB'],
    ]);
    expect(fields).toEqual([
      ['temperature', 21.5],
      ['humidity', 40],
    ]);
    expect(splitDeviceData(undefined)).toEqual({ lora: [], fields: [] });
  });
});
