import {
  DataSourceSinkToken,
  type Database,
  type Logger,
  type Metrics,
  type PushHub,
  type ServerPluginContext,
} from '@sensorium/core/server';
import type { ApplicationAccess } from '@sensorium/applications/common';
import type { ItemStateStore } from '@sensorium/nodes/common';
import type { PipelineEventStore } from '../../common/event-store';
import { LiveValueFeedToken } from '../../common/live-values';
import type { PayloadAdapter } from '../../common/payload-adapters';
import type { RuleEvaluator } from '../../common/rule-evaluators';
import type { DeadLetters } from '../dead-letters/dead-letters';
import { IngestService, type IngestOptions } from './ingest-service';
import { ingestTelemetry } from './ingest-telemetry';
import { LivePush, PUSH_INTERVAL_MS, type PushAudience } from './live-push';

export { IngestService, DEFAULT_INGEST_OPTIONS, type IngestOptions } from './ingest-service';
export { LivePush, PUSH_INTERVAL_MS, type NodeValue, type NodeValuesMessage, type PushAudience } from './live-push';

export interface IngestDeps {
  db: Database;
  items: ItemStateStore;
  access: Pick<ApplicationAccess, 'ownerOf'>;
  push: PushHub;
  deadLetters: DeadLetters;
  events: () => PipelineEventStore;
  /** Event-setting rules (device-pipeline.rule-evaluators/v1). */
  rules: () => readonly RuleEvaluator[];
  /** Device adapter scripts (device-pipeline.payload-adapters/v1); none: fields as the sources decoded them. */
  payloads?: () => PayloadAdapter | null;
  /** Who sees which items, for the live pushes. */
  audience: PushAudience;
  /** The ingest's metrics (rate, batch sizes, latency) and its per-batch log line. */
  metrics: Metrics;
  log: Logger;
  options?: Partial<IngestOptions> & { pushIntervalMs?: number };
}

/** Job ids (contract: `<plugin-id>.<name>`). */
export const CONNECTION_JOB_ID = 'device-pipeline.connection-timeout';
export const PROCESSING_TICK_JOB_ID = 'device-pipeline.processing-tick';
export const CONNECTION_JOB_INTERVAL_MS = 5000;
export const PROCESSING_TICK_INTERVAL_MS = 1000;

/**
 * Wires the ingest: provides DataSourceSinkToken (the host starts every data-source adapter with it), adds the
 * connection-timeout job (every 5 s) and the processing tick (auto resets, every second), and flushes on close.
 * Returns the service (its `refresh(uuids)` re-applies preferences after an API change and pushes the result).
 */
export function registerIngest(context: ServerPluginContext, deps: IngestDeps): IngestService {
  const live = new LivePush(deps.push, deps.access, deps.audience, deps.options?.pushIntervalMs ?? PUSH_INTERVAL_MS);
  const service = new IngestService(
    deps.db,
    deps.items,
    live,
    deps.deadLetters,
    deps.options,
    deps.events,
    deps.rules,
    deps.payloads,
    ingestTelemetry(deps.metrics, deps.log),
  );
  context.provide(DataSourceSinkToken, service);
  context.provide(LiveValueFeedToken, live);
  context.addJob({
    id: CONNECTION_JOB_ID,
    intervalMs: CONNECTION_JOB_INTERVAL_MS,
    run: () => service.checkConnections().then(() => undefined),
  });
  context.addJob({
    id: PROCESSING_TICK_JOB_ID,
    intervalMs: PROCESSING_TICK_INTERVAL_MS,
    run: () => service.tick().then(() => undefined),
  });
  context.onClose(() => service.close());
  return service;
}
