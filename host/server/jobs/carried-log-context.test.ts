import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentLogContext, defineRoute, defineServerPlugin, JobQueueToken, type LogContext } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../testing';

/** What the probe plugin's jobs saw: their data and the log context they ran in. */
const queued: { data: object; context: LogContext | undefined }[] = [];
const ticks: (LogContext | undefined)[] = [];

const probe = defineServerPlugin({
  manifest: { id: 'log-probe', version: '1.0.0' },
  deps: { queue: JobQueueToken },
  register(context, { queue }) {
    queue.addQueue({
      name: 'log-probe.work',
      work: async (job) => void queued.push({ data: job.data, context: currentLogContext() }),
    });
    context.addRoute(
      defineRoute({
        method: 'POST',
        url: '/log-probe',
        summary: 'Queues a probe job',
        auth: false,
        audit: false,
        handler: async () => {
          await queue.send('log-probe.work', { step: 1 });
          return { queued: true };
        },
      }),
    );
    context.addJob({ id: 'log-probe.tick', intervalMs: 100, run: async () => void ticks.push(currentLogContext()) });
  },
});

describe.each(databaseBackends())('log context of jobs on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    queued.length = 0;
    ticks.length = 0;
    server = await startTestServer({ backend, plugins: [probe] });
  });
  afterAll(() => server?.close());

  it('runs a queued job in the context of the request that queued it, with its own data only', async () => {
    const answer = await server.request('POST', '/api/log-probe', { headers: { 'x-request-id': 'probe-request-1' } });
    expect(answer.status).toBe(200);
    await expect.poll(() => queued.length, { timeout: 15_000 }).toBe(1);
    const [{ data, context }] = queued as [(typeof queued)[number]];
    expect(data).toEqual({ step: 1 });
    expect(context).toMatchObject({ reqId: 'probe-request-1', job: 'log-probe.work' });
    expect(context?.jobId).toEqual(expect.any(String));
  });

  it('runs each interval job run in a context naming the job and the run', async () => {
    await expect.poll(() => ticks.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const [first, second] = ticks;
    expect(first).toMatchObject({ job: 'log-probe.tick' });
    expect(first?.reqId).toBeUndefined();
    expect(first?.jobId).not.toBe(second?.jobId);
  });
});
