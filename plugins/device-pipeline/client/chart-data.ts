import type { FieldPreference } from '@sensorium/nodes/common';
import type { HistoryResponse } from '../common';

/** The chart view resizes at 0, 200 and 500 ms after it is shown (spec 2.2). */
export const CHART_RESIZE_DELAYS_MS = [0, 200, 500] as const;

export interface ChartSeries {
  field: string;
  label: string;
  unit: string;
  /** Seconds since the epoch (uPlot's x scale). */
  x: number[];
  y: (number | null)[];
}

/**
 * uPlot data per field from GET /items/{uuid}/history: numeric values only (digital 0/1 included; text values, e.g. a
 * string signal, are left out), ordered as the Settings tab orders fields (display sequence, then name).
 */
export function chartSeries(history: HistoryResponse, preferences: Record<string, FieldPreference>): ChartSeries[] {
  const out: ChartSeries[] = [];
  for (const [field, points] of Object.entries(history.series)) {
    const x: number[] = [];
    const y: (number | null)[] = [];
    for (const [at, value] of points) {
      if (typeof value === 'string') continue;
      x.push(at / 1000);
      y.push(value);
    }
    if (!y.some((value) => value !== null)) continue;
    const preference = preferences[field];
    out.push({ field, label: preference?.displayName || field, unit: preference?.unit ?? '', x, y });
  }
  const seq = (field: string) => preferences[field]?.seq ?? 0;
  return out.sort((a, b) => seq(a.field) - seq(b.field) || a.field.localeCompare(b.field));
}
