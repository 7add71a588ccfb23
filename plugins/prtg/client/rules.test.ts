import { describe, expect, it } from 'vitest';
import { validate } from './rules';

describe('PRTG wizard form rules', () => {
  it('needs a host and the number of the sensor to poll', () => {
    expect(validate({ host: '  ', deviceEUI: '2045' })).toEqual(['prtg.errors.host']);
    expect(validate({ host: 'prtg example', deviceEUI: '2045' })).toEqual(['prtg.errors.hostInvalid']);
    expect(validate({ host: 'prtg.example.com', deviceEUI: '' })).toEqual(['prtg.errors.sensorId']);
    expect(validate({ host: 'prtg.example.com', deviceEUI: 'abc' })).toEqual(['prtg.errors.sensorId']);
    expect(validate({ host: 'prtg.example.com', deviceEUI: ' 2045 ' })).toEqual([]);
  });
});
