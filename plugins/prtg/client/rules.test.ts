import { describe, expect, it } from 'vitest';
import { validate } from './rules';

describe('PRTG wizard form rules', () => {
  it('needs a host and the number of the sensor to poll', () => {
    expect(validate({ host: '  ', sensorId: '2045' })).toEqual(['prtg.errors.host']);
    expect(validate({ host: 'prtg example', sensorId: '2045' })).toEqual(['prtg.errors.hostInvalid']);
    expect(validate({ host: 'prtg.example.com', sensorId: '' })).toEqual(['prtg.errors.sensorId']);
    expect(validate({ host: 'prtg.example.com', sensorId: 'abc' })).toEqual(['prtg.errors.sensorId']);
    expect(validate({ host: 'prtg.example.com', sensorId: ' 2045 ' })).toEqual([]);
  });
});
