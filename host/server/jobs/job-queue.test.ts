import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineServerPlugin, JobQueueToken, queryRows, type QueueDefinition } from '@sensorium/core/server';
import { openDatabase, type DatabaseConnection } from '../db/connection';
import { databaseBackends, startTestServer, type DatabaseBackend } from '../testing';
import { createScratchDatabase } from '../testing/scratch-database';
import { PgBossJobQueue } from './job-queue';

const log = { error: () => {}, warn: () => {}, debug: () => {} } as never;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One database that can be opened again after closing (a data folder or a scratch PostgreSQL database). */
async function reopenableDatabase(backend: DatabaseBackend) {
  const scratch = backend === 'postgres' ? await createScratchDatabase() : null;
  const dataDir = await mkdtemp(join(tmpdir(), 'sensorium-queue-'));
  const open = () => openDatabase({ databaseUrl: scratch?.url ?? null, dataDir }, () => {});
  const queueOn = (connection: DatabaseConnection, pollingIntervalSeconds = 0.5) =>
    new PgBossJobQueue(connection.pglite ? { pglite: connection.pglite } : { postgresUrl: scratch?.url ?? '' }, log, {
      pollingIntervalSeconds,
      maintenanceIntervalSeconds: 120,
    });
  const remove = async () => {
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { open, queueOn, remove };
}

async function startedQueue(
  database: Awaited<ReturnType<typeof reopenableDatabase>>,
  definition: QueueDefinition,
  pollingIntervalSeconds?: number,
) {
  const connection = await database.open();
  const queue = database.queueOn(connection, pollingIntervalSeconds);
  queue.addQueue(definition);
  await queue.start();
  const stop = async () => {
    await queue.stop();
    await connection.close();
  };
  return { connection, queue, stop };
}

describe.each(databaseBackends())('job queue on %s', (backend) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('runs a job a plugin queued once, on the server it registered with', async () => {
    const ran: object[] = [];
    const sender = defineServerPlugin({
      manifest: { id: 'sender', version: '1.0.0' },
      deps: { queue: JobQueueToken },
      register(_context, { queue }) {
        queue.addQueue({ name: 'sender.greet', work: async (job) => void ran.push(job.data) });
      },
    });
    const server = await startTestServer({ backend, plugins: [sender] });
    cleanups.push(() => server.close());
    await server.running.resolve(JobQueueToken).send('sender.greet', { to: 'Ada' });
    await vi.waitFor(() => expect(ran).toEqual([{ to: 'Ada' }]), { timeout: 10_000, interval: 50 });
    await settle(2_500);
    expect(ran).toHaveLength(1);
  });

  it('retries a failing job with growing pauses until it succeeds', async () => {
    const database = await reopenableDatabase(backend);
    cleanups.push(database.remove);
    const tries: { at: number; retryCount: number }[] = [];
    const { queue, stop } = await startedQueue(database, {
      name: 'test.flaky',
      retryLimit: 3,
      retryDelay: 1,
      retryBackoff: true,
      work: async (job) => {
        tries.push({ at: Date.now(), retryCount: job.retryCount });
        if (tries.length < 3) throw new Error('provider unavailable');
      },
    });
    cleanups.push(stop);
    await queue.send('test.flaky', {});
    await vi.waitFor(() => expect(tries).toHaveLength(3), { timeout: 20_000, interval: 50 });
    const [first, second, third] = tries.map((attempt) => attempt.at);
    expect(tries.map((attempt) => attempt.retryCount)).toEqual([0, 1, 2]);
    expect(second! - first!).toBeGreaterThanOrEqual(1_000);
    expect(third! - second!).toBeGreaterThan(second! - first!);
    await settle(1_000);
    expect(tries).toHaveLength(3);
  });

  it('runs waiting jobs as one batch, and a failed batch job by job so that only the failing job is retried', async () => {
    const database = await reopenableDatabase(backend);
    cleanups.push(database.remove);
    const batches: string[][] = [];
    const single: { id: string; retryCount: number }[] = [];
    const definition: QueueDefinition<{ id: string }> = {
      name: 'test.batched',
      retryDelay: 1,
      workBatch: async (jobs) => {
        batches.push(jobs.map((job) => job.data.id));
        if (jobs.some((job) => job.data.id === 'poison')) throw new Error('one of the batch cannot be sent');
      },
      work: async (job) => {
        single.push({ id: job.data.id, retryCount: job.retryCount });
        if (job.data.id === 'poison' && job.retryCount === 0) throw new Error('cannot be sent yet');
      },
    };
    const started = await startedQueue(database, definition as QueueDefinition);
    cleanups.push(started.stop);
    // One statement queues the three, so the worker's next fetch finds them together.
    await started.queue.sendMany('test.batched', [{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    await vi.waitFor(() => expect(batches.flat().sort()).toEqual(['a', 'b', 'c']), { timeout: 10_000, interval: 50 });
    expect(single).toEqual([]);

    await started.queue.sendMany('test.batched', [{ id: 'd' }, { id: 'poison' }]);
    await vi.waitFor(() => expect(single).toContainEqual({ id: 'poison', retryCount: 1 }), { timeout: 15_000, interval: 50 });
    expect(batches.map((batch) => [...batch].sort())).toContainEqual(['d', 'poison']);
    // d ran once more on its own and succeeded; only the poison job failed and came back.
    expect(single.filter((run) => run.id === 'd')).toEqual([{ id: 'd', retryCount: 0 }]);
    expect(single.filter((run) => run.id === 'poison')).toEqual([
      { id: 'poison', retryCount: 0 },
      { id: 'poison', retryCount: 1 },
    ]);
  });

  it('runs a job still waiting at shutdown after a restart on the same database', async () => {
    const database = await reopenableDatabase(backend);
    cleanups.push(database.remove);
    const ran: string[] = [];
    const definition: QueueDefinition<{ id: string }> = {
      name: 'test.later',
      work: async (job) => void ran.push(job.data.id),
    };
    const before = await startedQueue(database, definition as QueueDefinition);
    await before.queue.send('test.later', { id: 'pending' }, { startAfter: 2 });
    await before.stop();
    expect(ran).toEqual([]);

    const after = await startedQueue(database, definition as QueueDefinition);
    cleanups.push(after.stop);
    await vi.waitFor(() => expect(ran).toEqual(['pending']), { timeout: 10_000, interval: 50 });
  });

  it('queues a job sent in a transaction only when that transaction commits', async () => {
    const database = await reopenableDatabase(backend);
    cleanups.push(database.remove);
    const ran: string[] = [];
    const { connection, queue, stop } = await startedQueue(database, {
      name: 'test.in-tx',
      work: async (job) => void ran.push((job.data as { id: string }).id),
    });
    cleanups.push(stop);
    await expect(
      connection.db.transaction(async (tx) => {
        await queue.send('test.in-tx', { id: 'rolled back' }, { tx });
        throw new Error('the event could not be written');
      }),
    ).rejects.toThrow('the event could not be written');
    await connection.db.transaction(async (tx) => {
      await queue.send('test.in-tx', { id: 'committed' }, { tx });
    });
    await vi.waitFor(() => expect(ran).toEqual(['committed']), { timeout: 10_000, interval: 50 });
    await settle(1_000);
    expect(ran).toEqual(['committed']);
  });

  it('queues several jobs with one call in a transaction, or none when it rolls back', async () => {
    const database = await reopenableDatabase(backend);
    cleanups.push(database.remove);
    const ran: number[] = [];
    const { connection, queue, stop } = await startedQueue(database, {
      name: 'test.many',
      work: async (job) => void ran.push((job.data as { n: number }).n),
    });
    cleanups.push(stop);
    await expect(
      connection.db.transaction(async (tx) => {
        await queue.sendMany('test.many', [{ n: 0 }], { tx });
        throw new Error('the events could not be written');
      }),
    ).rejects.toThrow('the events could not be written');
    await connection.db.transaction(async (tx) => {
      await queue.sendMany('test.many', [{ n: 1 }, { n: 2 }, { n: 3 }], { tx });
    });
    await vi.waitFor(() => expect([...ran].sort()).toEqual([1, 2, 3]), { timeout: 10_000, interval: 50 });
    await settle(1_000);
    expect(ran).toHaveLength(3);
  });

  it("queues jobs inside a caller's own statement, as a WITH clause of it", async () => {
    const database = await reopenableDatabase(backend);
    cleanups.push(database.remove);
    const ran: number[] = [];
    const { connection, queue, stop } = await startedQueue(database, {
      name: 'test.riding',
      work: async (job) => void ran.push((job.data as { n: number }).n),
    });
    cleanups.push(stop);
    await connection.db.execute(sql`CREATE TABLE riding_notes (note text)`);
    const jobs = await queue.sendManyStatement('test.riding', [{ n: 1 }, { n: 2 }]);
    await connection.db.transaction(async (tx) => {
      await tx.execute(sql`WITH jobs AS (${jobs}) INSERT INTO riding_notes VALUES ('written')`);
    });
    await vi.waitFor(() => expect([...ran].sort()).toEqual([1, 2]), { timeout: 10_000, interval: 50 });
    expect(await queryRows(connection.db, sql`SELECT note FROM riding_notes`)).toEqual([{ note: 'written' }]);
  });

  it('works through a backlog without pausing a polling interval between jobs', async () => {
    const database = await reopenableDatabase(backend);
    cleanups.push(database.remove);
    const ran: number[] = [];
    const definition: QueueDefinition = {
      name: 'test.backlog',
      work: async (job) => void ran.push((job.data as { n: number }).n),
    };
    // An idle worker asks every 60 s: the first server only queues the backlog, the second finds it when it starts.
    const first = await startedQueue(database, { ...definition, work: async () => {} }, 60);
    for (const n of [1, 2, 3, 4, 5]) await first.queue.send('test.backlog', { n });
    await first.stop();
    const second = await startedQueue(database, definition, 60);
    cleanups.push(second.stop);
    await vi.waitFor(() => expect([...ran].sort()).toEqual([1, 2, 3, 4, 5]), { timeout: 15_000, interval: 50 });
  });

  it('delays a job sent in a transaction by a number of seconds', async () => {
    const database = await reopenableDatabase(backend);
    cleanups.push(database.remove);
    const ran: number[] = [];
    const { connection, queue, stop } = await startedQueue(database, {
      name: 'test.later',
      work: async () => void ran.push(Date.now()),
    });
    cleanups.push(stop);
    const sent = Date.now();
    await connection.db.transaction(async (tx) => {
      await queue.send('test.later', {}, { tx, startAfter: 2 });
    });
    await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(ran[0]! - sent).toBeGreaterThanOrEqual(1_900);
  });

  it('keeps one waiting job per key in a queue with oneQueuedPerKey', async () => {
    const database = await reopenableDatabase(backend);
    cleanups.push(database.remove);
    const { queue, stop } = await startedQueue(database, {
      name: 'test.escalate',
      oneQueuedPerKey: true,
      work: async () => {},
    });
    cleanups.push(stop);
    const later = { startAfter: 60 };
    expect(await queue.send('test.escalate', {}, { ...later, singletonKey: 'event-1:1' })).toEqual(expect.any(String));
    expect(await queue.send('test.escalate', {}, { ...later, singletonKey: 'event-1:1' })).toBeNull();
    expect(await queue.send('test.escalate', {}, { ...later, singletonKey: 'event-1:2' })).toEqual(expect.any(String));
  });
});

// PGlite is one process's database, so only PostgreSQL has servers sharing one.
describe.each(databaseBackends().filter((backend) => backend === 'postgres'))('job queue shared on %s', (backend) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('runs each job once when two servers share the database', async () => {
    const database = await reopenableDatabase(backend);
    cleanups.push(database.remove);
    const runs = new Map<number, string[]>();
    const worker = (instance: string): QueueDefinition => ({
      name: 'test.shared',
      work: async (job) => {
        const n = (job.data as { n: number }).n;
        runs.set(n, [...(runs.get(n) ?? []), instance]);
        await settle(20);
      },
    });
    const a = await startedQueue(database, worker('a'));
    cleanups.push(a.stop);
    const b = await startedQueue(database, worker('b'));
    cleanups.push(b.stop);
    for (let n = 0; n < 40; n++) await (n % 2 ? a : b).queue.send('test.shared', { n });
    await vi.waitFor(() => expect(runs.size).toBe(40), { timeout: 20_000, interval: 50 });
    await settle(1_000);
    expect([...runs.values()].every((instances) => instances.length === 1)).toBe(true);
    const instances = [...runs.values()].flat();
    expect(new Set(instances)).toEqual(new Set(['a', 'b']));
  });
});
