import type { FastifyBaseLogger } from 'fastify';
import type { SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import {
  withLogContext,
  type JobQueue,
  type QueueDefinition,
  type QueuedJob,
  type SendOptions,
  type SqlExecutor as Transaction,
} from '@sensorium/core/server';
import type { SqlExecutor } from '../db/connection';
import { carryLogContext, takeLogContext } from './carried-log-context';
import { sqlFromText } from './sql-text';

/** Where pg-boss keeps its tables; core owns the schema (`sensorium check` leaves it alone). */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/** How pg-boss reaches the database: PGlite's one session in process, or a pool of its own on PostgreSQL. */
export type JobQueueDatabase = { pglite: SqlExecutor } | { postgresUrl: string };

export interface JobQueueTiming {
  /** How often an idle worker asks for jobs (pg-boss allows 0.5 s and more). */
  pollingIntervalSeconds: number;
  /** How often expired jobs are failed (and so retried) and finished ones archived. */
  maintenanceIntervalSeconds: number;
}

const POSTGRES_POOL_SIZE = 4;
const STOP_TIMEOUT_MS = 10_000;
const DEFAULT_BATCH_SIZE = 20;
/** How long a worker whose batch was not full waits before asking again, unless its queue says. */
const BATCH_GATHER_MS = 200;

function connectionOptions(database: JobQueueDatabase): PgBoss.DatabaseOptions {
  if ('postgresUrl' in database) return { connectionString: database.postgresUrl, max: POSTGRES_POOL_SIZE };
  const execute = database.pglite;
  // A script without values goes through exec (pg-boss creates its schema so); PGlite serialises both with transactions.
  return { db: { executeSql: async (text, values) => ({ rows: await execute(text, values?.length ? values : undefined) }) } };
}

function transactionDb(tx: Transaction): PgBoss.Db {
  return {
    // Both drivers answer execute with their own result object, and both carry `rows`.
    executeSql: async (text, values: unknown[]) => (await tx.execute(sqlFromText(text, values))) as { rows: unknown[] },
  };
}

function startDate(startAfter: Date | number): Date {
  return typeof startAfter === 'number' ? new Date(Date.now() + startAfter * 1000) : startAfter;
}

/** Core's JobQueue on pg-boss: queues are declared while plugins register, and their workers run from `start` to `stop`. */
export class PgBossJobQueue implements JobQueue {
  private readonly queues = new Map<string, QueueDefinition>();
  private readonly boss: PgBoss;
  private started = false;

  constructor(
    database: JobQueueDatabase,
    private readonly log: FastifyBaseLogger,
    timing: JobQueueTiming = { pollingIntervalSeconds: 2, maintenanceIntervalSeconds: 120 },
  ) {
    this.boss = new PgBoss({
      ...connectionOptions(database),
      schema: JOB_QUEUE_SCHEMA,
      // Cron schedules are the JobRunner's; pg-boss's own clock would only add polling.
      schedule: false,
      pollingIntervalSeconds: timing.pollingIntervalSeconds,
      maintenanceIntervalSeconds: timing.maintenanceIntervalSeconds,
    });
    this.boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  }

  addQueue<Data extends object>(definition: QueueDefinition<Data>): void {
    if (this.started) throw new Error(`Queue "${definition.name}" must be added while plugins register`);
    if (this.queues.has(definition.name)) throw new Error(`Two queues are named "${definition.name}"`);
    this.queues.set(definition.name, definition as unknown as QueueDefinition);
  }

  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    if (!this.queues.has(name)) throw new Error(`No queue is named "${name}"`);
    const { tx, startAfter, singletonKey } = options;
    return this.boss.send(name, carryLogContext(data), {
      ...(tx ? { db: transactionDb(tx) } : {}),
      // A number of seconds reaches pg-boss's SQL as a parameter typed for a date inside a transaction, and fails there.
      ...(startAfter === undefined ? {} : { startAfter: startDate(startAfter) }),
      ...(singletonKey === undefined ? {} : { singletonKey }),
    });
  }

  async sendMany(name: string, data: readonly object[], options: Pick<SendOptions, 'tx'> = {}): Promise<void> {
    const jobs = this.jobsOf(name, data);
    if (jobs.length === 0) return;
    // pg-boss's insert takes each queue's retry and expiry settings from its queue row, as send does.
    await this.boss.insert(jobs, options.tx ? { db: transactionDb(options.tx) } : {});
  }

  async sendManyStatement(name: string, data: readonly object[]): Promise<SQL> {
    let statement: SQL | null = null;
    // pg-boss builds its insert and hands it to the database it is given: this one keeps it instead of running it.
    const keep: PgBoss.Db = {
      executeSql: async (text, values: unknown[]) => {
        statement = sqlFromText(text, values);
        return { rows: [] };
      },
    };
    await this.boss.insert(this.jobsOf(name, data), { db: keep });
    return statement!;
  }

  /** pg-boss's rows for jobs of a declared queue, each carrying the sender's log context. */
  private jobsOf(name: string, data: readonly object[]): PgBoss.JobInsert[] {
    if (!this.queues.has(name)) throw new Error(`No queue is named "${name}"`);
    return data.map((item) => ({ name, data: carryLogContext(item) }));
  }

  /** Creates pg-boss's schema (or migrates it), brings each queue's retry settings up to date and starts the workers. */
  async start(): Promise<void> {
    this.started = true;
    await this.boss.start();
    for (const definition of this.queues.values()) {
      const settings: PgBoss.Queue = {
        name: definition.name,
        policy: definition.oneQueuedPerKey ? 'short' : 'standard',
        retryLimit: definition.retryLimit ?? 2,
        retryDelay: definition.retryDelay ?? 0,
        retryBackoff: definition.retryBackoff ?? false,
        expireInSeconds: definition.expireInSeconds ?? 15 * 60,
      };
      await this.boss.createQueue(definition.name, settings);
      await this.boss.updateQueue(definition.name, settings);
      // Filled once work() answers; a first fetch that finds a job before then just pauses as pg-boss would.
      const worker = { id: '' };
      const batchSize = definition.workBatch ? (definition.batchSize ?? DEFAULT_BATCH_SIZE) : 1;
      worker.id = await this.boss.work(definition.name, { batchSize, includeMetadata: true }, async (jobs) => {
        const queued = jobs.map((job) => {
          const { data, context } = takeLogContext(definition.name, job.id, job.data as object);
          return { job: { id: job.id, data, retryCount: job.retryCount }, context };
        });
        // A batch logs as the queue; a job alone also with its id and what queued it.
        if (definition.workBatch && queued.length > 1) {
          await withLogContext({ job: definition.name }, () =>
            this.runBatch(
              definition,
              queued.map(({ job }) => job),
            ),
          );
        } else {
          for (const { job, context } of queued) await withLogContext(context, () => definition.work(job));
        }
        // pg-boss pauses a whole polling interval after every fetch, even one that found a job: asking again works
        // through a backlog at the workers' own pace instead of one fetch per interval. A batch that was not full asks a
        // moment later, so that the jobs arriving meanwhile share the next one.
        const again = () => worker.id && this.boss.notifyWorker(worker.id);
        if (queued.length < batchSize && batchSize > 1) setTimeout(again, definition.gatherMs ?? BATCH_GATHER_MS).unref();
        else again();
      });
    }
  }

  /** A batch; when it throws, its jobs one by one, failing (for a retry) only those whose own try throws. */
  private async runBatch(definition: QueueDefinition, jobs: QueuedJob[]): Promise<void> {
    try {
      await definition.workBatch!(jobs);
      return;
    } catch (error) {
      this.log.warn({ queue: definition.name, err: error }, 'job batch failed; running its jobs one by one');
    }
    for (const job of jobs) {
      try {
        await definition.work(job);
      } catch (error) {
        // pg-boss completes the batch's ids when this handler returns; a job failed here is no longer active, so it
        // stays failed and is retried.
        await this.boss.fail(definition.name, job.id, { message: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  /** Lets running jobs finish (a job still running at the timeout fails and is retried later), then disconnects. */
  async stop(): Promise<void> {
    if (!this.started) return;
    await this.boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
    this.log.debug('job queue stopped');
  }
}
