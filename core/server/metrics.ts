import { createToken } from '@sensorium/core/common';

/** A Prometheus counter a plugin registered; labels keep a small, fixed set of values (never ids or free text). */
export interface MetricCounter<Label extends string> {
  inc(labels: Record<Label, string>, amount?: number): void;
}

/** A Prometheus histogram: observations (durations in seconds, sizes) counted into buckets. */
export interface MetricHistogram<Label extends string> {
  observe(labels: Record<Label, string>, value: number): void;
}

/** A Prometheus gauge: a value that goes up and down, set when it changes or read by `collect` at every scrape. */
export interface MetricGauge<Label extends string> {
  set(labels: Record<Label, string>, value: number): void;
}

/** The server's /metrics registry (Prometheus text format), where plugins add their own metrics. */
export interface Metrics {
  /** Registers a counter once per server; `name` follows Prometheus conventions (`sensorium_…_total`). */
  counter<Label extends string>(name: string, help: string, labelNames: readonly Label[]): MetricCounter<Label>;
  /** Registers a histogram once per server (`sensorium_…_seconds` for durations) with its bucket upper bounds. */
  histogram<Label extends string>(
    name: string,
    help: string,
    labelNames: readonly Label[],
    buckets: readonly number[],
  ): MetricHistogram<Label>;
  /** Registers a gauge once per server; `collect`, when given, runs before every scrape to set its current values. */
  gauge<Label extends string>(
    name: string,
    help: string,
    labelNames: readonly Label[],
    collect?: (gauge: MetricGauge<Label>) => void | Promise<void>,
  ): MetricGauge<Label>;
}

export const MetricsToken = createToken<Metrics>('core.metrics');
