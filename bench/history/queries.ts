import { createHash } from 'node:crypto';
import type { Database } from '@sensorium/core/server';
import { searchRawData } from '../../plugins/device-pipeline/server/queries/data-queries';
import { chartSeries } from '../../plugins/device-pipeline/server/queries/field-summary';
import { applicationOf, devices, type BenchShape } from './load';

const DAY = 86_400_000;

/** The uuid the load gives device `device` (PostgreSQL's md5('item-' || device)::uuid). */
export function deviceUuid(device: number): string {
  const hex = createHash('md5').update(`item-${device}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A small seeded generator (mulberry32): both databases are asked exactly the same questions. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One page query as the console asks it, with random parameters (a device, a period within the loaded days). */
export interface PageQuery {
  name: string;
  ask(db: Database, random: () => number): Promise<unknown>;
}

/** The raw data page (Diagnosis > Raw Data History, the item's Data History tab) and the Chart tab, by item and time. */
export function pageQueries(shape: BenchShape, start: Date, end: Date): PageQuery[] {
  const device = (random: () => number) => Math.floor(random() * devices(shape));
  /** A period of `days` wholly inside the loaded days. */
  const period = (random: () => number, days: number) => {
    const from = start.getTime() + random() * (end.getTime() - start.getTime() - days * DAY);
    return { from: new Date(from).toISOString(), to: new Date(from + days * DAY).toISOString() };
  };
  const history = (random: () => number, oneDevice: boolean) => {
    const chosen = device(random);
    const { from, to } = period(random, 1);
    return {
      appId: applicationOf(shape, chosen),
      viewMode: 'history' as const,
      isItemSpecific: oneDevice,
      tags: oneDevice ? [`meter-${chosen}`] : [],
      startTime: from,
      endTime: to,
      limit: 10,
      offset: 0,
    };
  };
  return [
    {
      name: 'raw data page, real-time (an application: newest 100 of the last day and the count)',
      ask: (db, random) =>
        searchRawData(
          db,
          { appId: applicationOf(shape, device(random)), viewMode: 'realtime', isItemSpecific: false },
          null,
          end,
        ),
    },
    {
      name: 'raw data page, history of a day (an application: page 1 and the count)',
      ask: (db, random) => searchRawData(db, history(random, false), null),
    },
    {
      name: 'raw data page, history of a day (one device: its Data History tab)',
      ask: (db, random) => searchRawData(db, history(random, true), null),
    },
    {
      name: 'chart, raw values of a day (one device, 3 fields)',
      ask: (db, random) => chartSeries(db, deviceUuid(device(random)), period(random, 1)),
    },
    {
      name: 'chart, hourly averages of a week (one device, 3 fields)',
      ask: (db, random) =>
        chartSeries(db, deviceUuid(device(random)), { ...period(random, 7), summary: 'average', interval: '1h' }),
    },
  ];
}

export interface Timing {
  p50: number;
  p95: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** `samples` runs of the query after `warmup` ones, in milliseconds, the parameters drawn from `seed`. */
export async function time(db: Database, query: PageQuery, seed: number, samples: number, warmup = 20): Promise<Timing> {
  const random = seeded(seed);
  for (let index = 0; index < warmup; index++) await query.ask(db, random);
  const took: number[] = [];
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    await query.ask(db, random);
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return { p50: percentile(took, 50), p95: percentile(took, 95) };
}
