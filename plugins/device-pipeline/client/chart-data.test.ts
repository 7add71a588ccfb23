import { describe, expect, it } from 'vitest';
import { defaultFieldPreference } from '@sensorium/nodes/common';
import { chartSeries, legendTime, timeAxisLabels } from './chart-data';

describe('chart series', () => {
  it('makes one numeric series per field, in display sequence order, leaving text values out', () => {
    const temperature = { ...defaultFieldPreference('temperature'), displayName: 'Temperature', unit: '°C', seq: 2 };
    const door = { ...defaultFieldPreference('door'), seq: 1 };
    const series = chartSeries(
      {
        series: {
          temperature: [
            [1000, 20.5],
            [2000, null],
            [3000, 21],
          ],
          door: [[1500, 1]],
          label: [[1000, 'open']],
        },
      },
      { temperature, door },
    );
    expect(series.map((s) => s.field)).toEqual(['door', 'temperature']);
    expect(series[1]).toEqual({ field: 'temperature', label: 'Temperature', unit: '°C', x: [1, 2, 3], y: [20.5, null, 21] });
  });
});

describe('the time axis and legend', () => {
  const at = (...parts: [number, number, number, number?, number?, number?]) =>
    new Date(parts[0], parts[1] - 1, parts[2], parts[3] ?? 0, parts[4] ?? 0, parts[5] ?? 0).getTime() / 1000;

  it('writes days before months (dd/MM), never the US order, and the legend as dd/MM/yyyy HH:mm:ss', () => {
    expect(timeAxisLabels('en', [at(2025, 3, 1), at(2025, 3, 2)], 86_400)).toEqual(['01/03', '02/03']);
    expect(legendTime(at(2025, 3, 9, 14, 5, 7))).toBe('09/03/2025 14:05:07');
  });

  it('shows the day only where it changes on an hourly axis, and seconds when ticks are seconds apart', () => {
    expect(timeAxisLabels('en', [at(2025, 3, 1, 22), at(2025, 3, 1, 23), at(2025, 3, 2, 0)], 3600)).toEqual([
      '01/03\n22:00',
      '23:00',
      '02/03\n00:00',
    ]);
    expect(timeAxisLabels('en', [at(2025, 3, 1, 9, 0, 0), at(2025, 3, 1, 9, 0, 10)], 10)).toEqual([
      '01/03\n09:00:00',
      '09:00:10',
    ]);
  });

  it('names months in the chosen language', () => {
    const months = [at(2025, 3, 1), at(2025, 4, 1)];
    expect(timeAxisLabels('en', months, 30 * 86_400)).toEqual(['Mar 2025', 'Apr 2025']);
    expect(timeAxisLabels('hk', months, 30 * 86_400)).toEqual(['2025年3月', '2025年4月']);
    expect(timeAxisLabels('cn', months, 30 * 86_400)).toEqual(['2025年3月', '2025年4月']);
  });
});
