import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows, type Database, type Logger, type Metrics } from '@sensorium/core/server';
import { JOB_QUEUE_SCHEMA } from '../jobs/job-queue';

/** The states of a job not done yet (pg-boss: created = waiting, retry = failed once and waiting again, active = running). */
const OPEN_JOB_STATES = ['created', 'retry', 'active'] as const;
/** An e-mail not delivered yet: waiting for its attempt, or being sent. */
const OPEN_MAIL_STATUSES = ['queued', 'sending'] as const;

/** The node-postgres pool under Drizzle (`$client`); PGlite's one in-process session has none. */
function postgresPool(db: Database): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * Gauges read at every scrape: the work waiting in the durable job queues (the alarm loop's notifications, webhooks,
 * tasks and escalations) and in the mail outbox, and the database pool. A query that fails (the database away, the
 * job schema not created yet) leaves the gauge empty for that scrape; /readyz tells why.
 */
export function registerBacklogMetrics(metrics: Metrics, db: Database, log: Logger): void {
  const quietly = async (what: string, read: () => Promise<void>) => {
    try {
      await read();
    } catch (error) {
      log.debug({ err: error }, `metrics: ${what} not read`);
    }
  };
  metrics.gauge('sensorium_job_queue_jobs', 'Jobs not done yet in each durable queue, by state', ['queue', 'state'], (gauge) =>
    quietly('job queue', async () => {
      // Every queue and state, 0 included, so a backlog that empties shows 0 rather than its last value.
      const schema = sql.identifier(JOB_QUEUE_SCHEMA);
      const rows = await queryRows<{ name: string; state: string; jobs: number }>(
        db,
        sql`SELECT q.name, s.state, count(j.id)::int AS jobs
            FROM ${schema}.queue q
            CROSS JOIN (VALUES ${sql.join(
              OPEN_JOB_STATES.map((state) => sql`(${state})`),
              sql`, `,
            )}) AS s(state)
            LEFT JOIN ${schema}.job j ON j.name = q.name AND j.state::text = s.state
            GROUP BY q.name, s.state`,
      );
      for (const row of rows) {
        gauge.set({ queue: row.name, state: row.state }, Number(row.jobs));
      }
    }),
  );
  metrics.gauge('sensorium_mail_outbox_messages', 'E-mails not delivered yet, by status', ['status'], (gauge) =>
    quietly('mail outbox', async () => {
      const rows = await queryRows<{ status: string; messages: number }>(
        db,
        sql`SELECT status, count(*)::int AS messages FROM mail_outbox
            WHERE status IN (${sql.join(
              OPEN_MAIL_STATUSES.map((status) => sql`${status}`),
              sql`, `,
            )}) GROUP BY status`,
      );
      const counts = new Map(rows.map((row) => [row.status, Number(row.messages)]));
      for (const status of OPEN_MAIL_STATUSES) gauge.set({ status }, counts.get(status) ?? 0);
    }),
  );

  const pool = postgresPool(db);
  metrics.gauge(
    'sensorium_db_pool_max_connections',
    'The most connections the database pool opens (1 for the embedded PGlite session)',
    [],
    (gauge) => gauge.set({}, pool ? (pool.options.max ?? 10) : 1),
  );
  metrics.gauge(
    'sensorium_db_pool_connections',
    'Open database pool connections, idle or in use (PostgreSQL)',
    ['state'],
    (gauge) => {
      if (!pool) return;
      gauge.set({ state: 'idle' }, pool.idleCount);
      gauge.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
    },
  );
  metrics.gauge(
    'sensorium_db_pool_waiting_queries',
    'Queries waiting for a free database pool connection (PostgreSQL)',
    [],
    (gauge) => {
      if (pool) gauge.set({}, pool.waitingCount);
    },
  );
}
