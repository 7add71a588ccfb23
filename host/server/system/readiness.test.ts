import { afterAll, describe, expect, it } from 'vitest';
import { PUSH_RESTART_CLOSE_CODE } from '@sensorium/core/common';
import { connectPush, databaseBackends, pushClosed, startTestServer, type TestServer } from '../testing';

describe.each(databaseBackends())('/healthz and /readyz on %s', (backend) => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));
  const start = async (options: Parameters<typeof startTestServer>[0]) => {
    const server = await startTestServer({ backend, ...options });
    servers.push(server);
    return server;
  };

  it('answers ready when the database answers, the migrations ran and the broker listens', async () => {
    const server = await start({ mqtt: true });
    const ready = await server.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      database: 'reachable',
      migrations: 'done',
      broker: 'connected',
      draining: false,
      notReady: [],
    });
    expect((await server.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
  });

  it('counts a broker switched off as nothing to wait for', async () => {
    const server = await start({ mqtt: false });
    const ready = await server.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', broker: 'off' });
  });

  it('answers 503 naming "draining" once a shutdown began, serves requests through the drain delay, and closes push sockets with "server restarting"', async () => {
    const server = await start({ mqtt: true, drainDelaySeconds: 2 });
    const { access_token: token } = await server.login();
    const socket = await connectPush(server, token);
    const closed = pushClosed(socket);

    const closing = server.running.close();
    const draining = await server.request('GET', '/readyz');
    expect(draining.status).toBe(503);
    expect(draining.body).toEqual({
      status: 'not ready',
      database: 'reachable',
      migrations: 'done',
      broker: 'connected',
      draining: true,
      notReady: ['draining'],
    });
    // Alive, and still answering the API while load balancers move away.
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    expect((await server.request('GET', '/api/system/info')).status).toBe(200);

    expect(await closed).toEqual({ code: PUSH_RESTART_CLOSE_CODE, reason: 'Server restarting' });
    await closing;
    await expect(fetch(`${server.url}/readyz`)).rejects.toThrow();
  });
});
