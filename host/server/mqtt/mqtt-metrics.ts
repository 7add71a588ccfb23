import type { Metrics } from '@sensorium/core/server';
import type { CommitMeter } from './group-commit';

/** Seconds from an uplink's arrival until it is committed: a few ms idle, up to seconds under a burst or a slow disk. */
const COMMIT_LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The meters of each consumer's group commit (consumer: the data source's id, a small fixed set). */
export type ConsumerMeters = (consumer: string) => CommitMeter;

/**
 * MQTT ingest metrics: messages taken, the time from arrival to commit (the PUBACK follows it), and the messages taken
 * but not acknowledged yet (what a shutdown waits for).
 */
export function mqttMetrics(metrics: Metrics): ConsumerMeters {
  const received = metrics.counter(
    'sensorium_mqtt_messages_received_total',
    'MQTT messages taken by the console for a data source, by consumer',
    ['consumer'],
  );
  const failed = metrics.counter(
    'sensorium_mqtt_messages_unacknowledged_total',
    'MQTT messages whose batch failed to commit, left unacknowledged for the broker or publisher to send again',
    ['consumer'],
  );
  const latency = metrics.histogram(
    'sensorium_mqtt_commit_latency_seconds',
    'Time from an MQTT message arriving to its batch being committed (its acknowledgement follows), by consumer',
    ['consumer'],
    COMMIT_LATENCY_BUCKETS,
  );
  const inFlight = new Map<string, number>();
  metrics.gauge(
    'sensorium_mqtt_in_flight_messages',
    'MQTT messages taken and not acknowledged yet, by consumer',
    ['consumer'],
    (gauge) => {
      for (const [consumer, count] of inFlight) gauge.set({ consumer }, count);
    },
  );
  return (consumer) => {
    inFlight.set(consumer, inFlight.get(consumer) ?? 0);
    return {
      added() {
        received.inc({ consumer });
        inFlight.set(consumer, (inFlight.get(consumer) ?? 0) + 1);
      },
      handled(waited, batchFailed) {
        inFlight.set(consumer, (inFlight.get(consumer) ?? 0) - waited.length);
        if (batchFailed) failed.inc({ consumer }, waited.length);
        else for (const seconds of waited) latency.observe({ consumer }, seconds);
      },
    };
  };
}

/** For brokers built without metrics (tests of the broker alone). */
export const NO_METERS: ConsumerMeters = () => ({ added: () => undefined, handled: () => undefined });
