import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { withLogContext, type Database, type JobDefinition } from '@sensorium/core/server';
import { jobLeases } from '../db/schema';

/**
 * Runs every job on its interval. Before each run the instance takes the job's lease row; the holder keeps it by renewing
 * at every tick and others skip, so servers sharing a database run each job on one instance at a time.
 * A lease lasts two intervals: if its holder dies, another instance takes over within that time.
 */
export class JobRunner {
  /** Identifies this server instance in job_leases. */
  readonly holder = randomUUID();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly active = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly db: Database,
    private readonly jobs: readonly JobDefinition[],
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    for (const job of this.jobs) this.timers.push(setInterval(() => this.tick(job), job.intervalMs));
  }

  /** Takes or renews the lease; true when this instance holds it. */
  async acquire(job: JobDefinition): Promise<boolean> {
    const expiresAt = sql`now() + make_interval(secs => ${(job.intervalMs * 2) / 1000}::double precision)`;
    const rows = await this.db
      .insert(jobLeases)
      .values({ jobId: job.id, holder: this.holder, expiresAt })
      .onConflictDoUpdate({
        target: jobLeases.jobId,
        set: { holder: this.holder, expiresAt },
        setWhere: sql`${jobLeases.expiresAt} < now() OR ${jobLeases.holder} = ${this.holder}`,
      })
      .returning({ holder: jobLeases.holder });
    return rows.length > 0;
  }

  private tick(job: JobDefinition): void {
    // A run that outlasts its interval is not started again alongside itself.
    if (this.active.has(job.id) || this.stopping.signal.aborted) return;
    // Every line the run logs names the job; `jobId` tells one run from the next.
    const run = withLogContext({ job: job.id, jobId: randomUUID() }, async () => {
      try {
        if (await this.acquire(job)) await job.run(this.stopping.signal);
      } catch (error) {
        if (!this.stopping.signal.aborted) this.log.error({ err: error, job: job.id }, 'job failed');
      } finally {
        this.active.delete(job.id);
      }
    });
    this.active.set(job.id, run);
  }

  /** Stops the timers, signals running jobs to stop, waits for them and hands the leases to other instances. */
  async close(): Promise<void> {
    this.timers.forEach(clearInterval);
    this.stopping.abort();
    await Promise.allSettled(this.active.values());
    if (this.jobs.length > 0) await this.db.delete(jobLeases).where(eq(jobLeases.holder, this.holder));
  }
}
