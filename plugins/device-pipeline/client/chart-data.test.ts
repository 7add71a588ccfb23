import { describe, expect, it } from 'vitest';
import { defaultFieldPreference } from '@sensorium/nodes/common';
import { chartSeries } from './chart-data';

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
