import type { SQL } from 'drizzle-orm';
import { createToken } from '@sensorium/core/common';
import type { SqlExecutor } from './sql-rows';

/** One queued job as its worker receives it. */
export interface QueuedJob<Data extends object = object> {
  id: string;
  data: Data;
  /** How many times the job already failed; 0 on the first run. */
  retryCount: number;
}

/**
 * A durable queue of jobs (pg-boss underneath, in the database's `pgboss` schema). Each job goes to one worker across
 * every server instance sharing the database, and a failed one is retried later; delivery is still at least once
 * (a worker can die after its side effect and before completing), so workers claim their own rows to act exactly once.
 */
export interface QueueDefinition<Data extends object = object> {
  /** Unique across plugins: `<plugin-id>.<name>`. */
  name: string;
  /** Runs one job; a thrown error (or the expiry) fails this try. */
  work(job: QueuedJob<Data>): Promise<void>;
  /**
   * With it, the worker takes up to `batchSize` waiting jobs at once and runs them together (one transaction for many
   * jobs where `work` would take one each). A thrown error runs that batch's jobs again one by one through `work`, so a
   * job fails only by its own error.
   */
  workBatch?(jobs: readonly QueuedJob<Data>[]): Promise<void>;
  /** The most jobs `workBatch` takes at once (default 20). */
  batchSize?: number;
  /**
   * How long a worker whose batch was not full waits before fetching again, so that jobs arriving meanwhile share the
   * next batch (default 200 ms): longer means fewer, larger transactions under a burst, and that much more delay.
   */
  gatherMs?: number;
  /** Tries after the first one before the job is failed for good (default 2). */
  retryLimit?: number;
  /** Seconds before the first retry (default 0). */
  retryDelay?: number;
  /** Grows the pause before each retry exponentially from `retryDelay`. */
  retryBackoff?: boolean;
  /** A try running longer than this fails (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * At most one job per `singletonKey` waits in this queue (jobs sent without a key share one empty key), so sending the
   * same key again while one waits queues nothing: escalation rounds use it.
   */
  oneQueuedPerKey?: boolean;
}

export interface SendOptions {
  /** Queues the job in the caller's transaction: it exists once that commits and not at all if it rolls back. */
  tx?: SqlExecutor;
  /** Not before this time (or so many seconds from now). */
  startAfter?: Date | number;
  /** In a queue with `oneQueuedPerKey`: while a job with this key waits, sending another one with it queues nothing. */
  singletonKey?: string;
}

export interface JobQueue {
  /** Declares a queue and its worker; call it while registering. Workers start with the server. */
  addQueue<Data extends object>(definition: QueueDefinition<Data>): void;
  /** Queues a job; answers its id, or null when a job with the same `singletonKey` is already waiting. */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /**
   * Queues several jobs of one queue with one statement (`tx` as in send): what a hot path such as the ingest
   * transaction uses, where one statement per job would cost a round trip each.
   */
  sendMany(name: string, data: readonly object[], options?: Pick<SendOptions, 'tx'>): Promise<void>;
  /**
   * The statement that sendMany would run, for the caller to run inside one of its own (as a WITH clause), so that
   * queueing costs no round trip at all: the ingest batch's event history insert carries its notification jobs so. The
   * jobs exist once the caller's transaction commits.
   */
  sendManyStatement(name: string, data: readonly object[]): Promise<SQL>;
}

export const JobQueueToken = createToken<JobQueue>('core.job-queue');
