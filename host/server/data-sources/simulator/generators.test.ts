import { describe, expect, it } from 'vitest';
import { deviceValues, generatedDevice, generatedValue } from './index';

const at = (second: number, minute = 0) => new Date(Date.UTC(2026, 0, 1, 8, minute, second));

describe('field generators of provided devices', () => {
  it('waves between min and max and never leaves the band, noise and all', () => {
    const wave = { kind: 'wave', min: 2, max: 5, periodSec: 120, decimals: 1 } as const;
    const values = Array.from({ length: 240 }, (_, second) =>
      generatedValue(wave, new Date(second * 1000), 0.25, second % 2 ? 0.5 : -0.5),
    );
    expect(Math.min(...values)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...values)).toBeLessThanOrEqual(5);
    // It moves across most of the band over a period.
    expect(Math.max(...values) - Math.min(...values)).toBeGreaterThan(2.5);
  });

  it('toggles between 0 and 1, each for its period', () => {
    const toggle = { kind: 'toggle', periodSec: 30 } as const;
    expect(generatedValue(toggle, at(5), 0)).toBe(0);
    expect(generatedValue(toggle, at(35), 0)).toBe(1);
    expect(generatedValue(toggle, at(5, 1), 0)).toBe(0);
  });

  it('counts up by perMinute from its start, like a meter', () => {
    const counter = { kind: 'counter', start: 100, perMinute: 2, decimals: 1 } as const;
    const first = generatedValue(counter, at(0), 0);
    expect(generatedValue(counter, at(0, 5), 0) - first).toBeCloseTo(10, 5);
    expect(first).toBeGreaterThanOrEqual(100);
  });

  it('enters the alarm value from alarmFrom to alarmTo of every minute and is normal otherwise', () => {
    const cycle = { kind: 'alarm-cycle', normal: -20, alarm: -10, alarmFrom: 15, alarmTo: 35, decimals: 1 } as const;
    expect(generatedValue(cycle, at(20), 0, 0)).toBe(-10);
    expect(generatedValue(cycle, at(40), 0, 0)).toBe(-20);
    expect(Math.abs(generatedValue(cycle, at(14), 0, 0.5) + 20)).toBeLessThan(1);
  });

  it('gives a provided device every field of its generators, radio quality stable per device', () => {
    const device = generatedDevice({
      source: 'chirpstack',
      deviceId: '0011223344556677',
      kind: 'Dragino LHT65N',
      fields: { temperature: { kind: 'wave', min: -23, max: -18 }, door: { kind: 'toggle' } },
    });
    expect(device).toMatchObject({ source: 'chirpstack', deviceId: '0011223344556677', rssi: expect.any(Number) });
    const values = deviceValues(device, at(10), 1);
    expect(Object.keys(values).sort()).toEqual(['door', 'temperature']);
    expect(values.temperature).toBeGreaterThanOrEqual(-23);
    expect(values.temperature).toBeLessThanOrEqual(-18);
    expect(generatedDevice({ ...device, fields: {} }).rssi).toBe(device.rssi);
  });
});
