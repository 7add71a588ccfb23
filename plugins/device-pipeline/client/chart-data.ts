import dayjs from 'dayjs';
import 'dayjs/locale/zh-hk';
import 'dayjs/locale/zh-cn';
import { LANGUAGE_TAGS, type Language } from '@sensorium/core/common';
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

/** dayjs's locale of a console language (en, hk, cn): month and weekday names on the time axis. */
export function chartLocale(language: string): string {
  return (LANGUAGE_TAGS[language as Language] ?? 'en').toLowerCase();
}

/** The legend's time: dd/MM/yyyy HH:mm:ss (node spec 9), whatever the language. */
export const legendTime = (seconds: number): string => dayjs(seconds * 1000).format('DD/MM/YYYY HH:mm:ss');

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;

/**
 * The time axis' labels for uPlot's ticks (seconds) `incrSeconds` apart, in the spec's day-first order and the
 * language's month names: seconds under a minute apart show HH:mm:ss, under a day HH:mm (with dd/MM where the day
 * changes), under four weeks dd/MM, longer ones the month and year.
 */
export function timeAxisLabels(language: string, ticks: readonly number[], incrSeconds: number): string[] {
  const locale = chartLocale(language);
  let previousDay = '';
  return ticks.map((tick) => {
    const time = dayjs(tick * 1000).locale(locale);
    if (incrSeconds >= 28 * DAY_S) return time.format(locale.startsWith('zh') ? 'YYYY年M月' : 'MMM YYYY');
    if (incrSeconds >= DAY_S) return time.format('DD/MM');
    const day = time.format('DD/MM');
    const clock = time.format(incrSeconds < 60 ? 'HH:mm:ss' : 'HH:mm');
    const label = day === previousDay ? clock : `${day}\n${clock}`;
    previousDay = day;
    return label;
  });
}

/** A datetime-local input's value for a time (local, to the minute). */
export const localInputValue = (time: number): string => dayjs(time).format('YYYY-MM-DDTHH:mm');
