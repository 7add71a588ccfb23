import type { Database, Logger } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import type { Budget } from './batches';
import { expireHistory, type HistoryExpiry } from './history-retention';
import { ensurePartitions, FIELD_HISTORY, RAW_DATA } from './partitions';
import { expireRawData, type RawExpiry } from './raw-retention';
import type { RetentionSettings } from './settings';

export const RETENTION_JOB_ID = 'device-pipeline.retention';
export const RETENTION_INTERVAL_MS = 60 * 60_000;
/** A run stops deleting after this long; the next one goes on (a first setting on a large application takes several). */
export const RETENTION_RUN_MS = 10 * 60_000;

export interface RetentionRun {
  created: string[];
  raw: RawExpiry;
  history: HistoryExpiry;
}

/** The partitions of both tables for today and the days ahead. */
export async function preparePartitions(db: Database, now = new Date()): Promise<string[]> {
  return [...(await ensurePartitions(db, RAW_DATA, now)), ...(await ensurePartitions(db, FIELD_HISTORY, now))];
}

/** One run of the hourly job: partitions ahead, then raw data and field history past their retention. */
export async function runRetention(
  db: Database,
  settings: RetentionSettings,
  lookup: Pick<ItemLookup, 'itemsOf'>,
  options: { now?: Date; signal?: AbortSignal; log?: Logger } = {},
): Promise<RetentionRun> {
  const now = options.now ?? new Date();
  const budget: Budget = { signal: options.signal ?? new AbortController().signal, deadline: Date.now() + RETENTION_RUN_MS };
  const created = await preparePartitions(db, now);
  const plan = await settings.plan();
  const raw = await expireRawData(db, plan.applications, now, budget);
  const history = await expireHistory(
    db,
    plan,
    async (appId) => (await lookup.itemsOf(appId)).map((item) => item.uuid),
    now,
    budget,
  );
  const changed = created.length + raw.dropped.length + raw.deletedRows + history.dropped.length + history.deletedRows;
  if (changed > 0) options.log?.info({ created, raw, history }, 'retention: partitions created, expired data removed');
  return { created, raw, history };
}
