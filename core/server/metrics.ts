import { createToken } from '@sensorium/core/common';

/** A Prometheus counter a plugin registered; labels keep a small, fixed set of values (never ids or free text). */
export interface MetricCounter<Label extends string> {
  inc(labels: Record<Label, string>, amount?: number): void;
}

/** The server's /metrics registry (Prometheus text format), where plugins add their own counters. */
export interface Metrics {
  /** Registers a counter once per server; `name` follows Prometheus conventions (`sensorium_…_total`). */
  counter<Label extends string>(name: string, help: string, labelNames: readonly Label[]): MetricCounter<Label>;
}

export const MetricsToken = createToken<Metrics>('core.metrics');
