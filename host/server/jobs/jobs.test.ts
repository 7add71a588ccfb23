import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, defineServerPlugin, demoSeeders } from '@sensorium/core/server';
import { systemSettings } from '../db/schema';
import { seedDemoData } from '../system/demo-seeding';
import { SystemSettings } from '../system/settings';
import { databaseBackends, startTestServer, type TestServer } from '../testing';
import { JobRunner } from './job-runner';

const waitFor = async (condition: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(databaseBackends())('jobs and demo data on %s', (backend) => {
  let server: TestServer;
  const counts = { ticks: 0, seeded: 0 };
  const ticker = defineServerPlugin({
    manifest: { id: 'ticker', version: '1.0.0' },
    register(context) {
      context.addJob({ id: 'ticker.count', intervalMs: 50, run: async () => void counts.ticks++ });
      context.contribute(demoSeeders, { id: 'ticker.demo', run: async () => void counts.seeded++ });
    },
  });
  const db = () => server.running.container.resolve(DatabaseToken);
  const log = { error: () => {}, info: () => {} } as never;

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [ticker], seedDemo: true });
  });
  afterAll(() => server?.close());

  it('runs a plugin job on its interval', async () => {
    await waitFor(() => counts.ticks >= 3);
  });

  it('lets one instance at a time hold a job, and hands it over when that instance stops', async () => {
    const job = { id: 'lease.test', intervalMs: 60_000, run: async () => {} };
    const first = new JobRunner(db(), [job], log);
    const second = new JobRunner(db(), [job], log);
    expect(await first.acquire(job)).toBe(true);
    expect(await second.acquire(job)).toBe(false);
    expect(await first.acquire(job)).toBe(true);
    await first.close();
    expect(await second.acquire(job)).toBe(true);
    await second.close();
  });

  it('seeds demo data once on first start and remembers it', async () => {
    expect(counts.seeded).toBe(1);
    const [row] = await db().select().from(systemSettings).where(eq(systemSettings.key, 'demo.seeded'));
    expect(row?.value).toEqual(['ticker.demo']);
    const again = await seedDemoData(
      [{ id: 'ticker.demo', run: async () => void counts.seeded++ }],
      new SystemSettings(db()),
      log,
    );
    expect(again).toEqual([]);
    expect(counts.seeded).toBe(1);
  });

  it('stops jobs when the server closes', async () => {
    await server.close();
    const ticksAtClose = counts.ticks;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(counts.ticks).toBe(ticksAtClose);
  });
});
