import type { Logger, Metrics } from '@sensorium/core/server';

/** What became of one uplink of a batch: its outcome, or `failed` (not stored, left to be delivered again). */
export type UplinkResultName = 'stored' | 'duplicate' | 'unknown' | 'rejected' | 'failed';

/** One written batch, for the metrics and the log. */
export interface WrittenBatch {
  /** The uplinks' results, in the batch's order. */
  results: readonly UplinkResultName[];
  /** The write's time (its transaction, and the retries one by one after a failure). */
  writeSeconds: number;
  /** Per uplink, the time from its handover to the pipeline until its batch was written. */
  latencySeconds: readonly number[];
}

/** Told of every batch the ingest wrote. */
export interface IngestTelemetry {
  written(batch: WrittenBatch): void;
}

export const NO_TELEMETRY: IngestTelemetry = { written: () => undefined };

const SIZE_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The ingest's metrics (docs/grafana/sensorium.json): uplinks by result (the ingest rate), batch sizes, the write time
 * and the latency from handover to commit; and a debug log line per batch (in the batch's log context).
 */
export function ingestTelemetry(metrics: Metrics, log: Logger): IngestTelemetry {
  const uplinks = metrics.counter(
    'sensorium_ingest_uplinks_total',
    'Uplinks the device pipeline handled, by result (stored, duplicate, unknown device, rejected to the dead letters, failed)',
    ['result'],
  );
  const sizes = metrics.histogram('sensorium_ingest_batch_size', 'Uplinks per ingest batch (one transaction)', [], SIZE_BUCKETS);
  const writes = metrics.histogram(
    'sensorium_ingest_batch_duration_seconds',
    'Time to write one ingest batch (its transaction, and one by one after a failure)',
    [],
    SECONDS_BUCKETS,
  );
  const latency = metrics.histogram(
    'sensorium_ingest_latency_seconds',
    'Time from an uplink reaching the device pipeline until its batch was committed (waiting for its batch included)',
    [],
    SECONDS_BUCKETS,
  );
  return {
    written({ results, writeSeconds, latencySeconds }) {
      const counts = new Map<UplinkResultName, number>();
      for (const result of results) counts.set(result, (counts.get(result) ?? 0) + 1);
      for (const [result, count] of counts) uplinks.inc({ result }, count);
      sizes.observe({}, results.length);
      writes.observe({}, writeSeconds);
      for (const seconds of latencySeconds) latency.observe({}, seconds);
      log.debug(
        { uplinks: results.length, ...Object.fromEntries(counts), ms: Math.round(writeSeconds * 1000) },
        'ingest batch written',
      );
    },
  };
}
