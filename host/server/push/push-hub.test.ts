import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PUSH_TOPICS, type PushMessage } from '@sensorium/core/common';
import { PushHubToken } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../testing';
import { UNAUTHORIZED_CLOSE_CODE } from './push-hub';

const PROBE = 'test-probe';

/** Connects and resolves once the server has registered the session, which a published probe proves. */
async function connect(server: TestServer, token: string): Promise<WebSocket> {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/ws?token=${encodeURIComponent(token)}`);
  const probed = new Promise((resolve) =>
    socket.on('message', (data) => JSON.parse(String(data)).topic === PROBE && resolve(null)),
  );
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const hub = server.running.container.resolve(PushHubToken);
  const timer = setInterval(() => hub.publish({ topic: PROBE, data: null }), 20);
  await probed.finally(() => clearInterval(timer));
  return socket;
}

/** The next message other than connection probes. */
function nextMessage(socket: WebSocket): Promise<PushMessage> {
  return new Promise((resolve) => {
    const listener = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data)) as PushMessage;
      if (message.topic === PROBE) return;
      socket.off('message', listener);
      resolve(message);
    };
    socket.on('message', listener);
  });
}

describe.each(databaseBackends())('push WebSocket on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(() => server?.close());

  it('delivers a published message to a signed-in browser, and only to the users the filter picks', async () => {
    await server.createUser({ username: 'viewer', password: 'viewer-password' });
    const admin = await connect(server, (await server.login()).access_token);
    const viewer = await connect(server, (await server.login('viewer', 'viewer-password')).access_token);
    const hub = server.running.container.resolve(PushHubToken);

    const forEveryone = Promise.all([nextMessage(admin), nextMessage(viewer)]);
    hub.publish({ topic: PUSH_TOPICS.systemEventRefresh, data: { appId: 'demo' } });
    expect(await forEveryone).toEqual([
      { topic: 'system-event-refresh', data: { appId: 'demo' } },
      { topic: 'system-event-refresh', data: { appId: 'demo' } },
    ]);

    const forCloud = nextMessage(admin);
    const forViewer = nextMessage(viewer);
    hub.publish({ topic: PUSH_TOPICS.systemEventUpdate, data: 1 }, (user) => user.level === 'cloud');
    hub.publish({ topic: 'marker', data: 2 });
    expect(await forCloud).toEqual({ topic: 'system-event-update', data: 1 });
    // Messages arrive in order, so the viewer's first one being the marker proves it never got the cloud-only one.
    expect(await forViewer).toEqual({ topic: 'marker', data: 2 });
    admin.close();
    viewer.close();
  });

  it('sends keyed messages only to sockets subscribed to that key, until they unsubscribe', async () => {
    const token = (await server.login()).access_token;
    const first = await connect(server, token);
    const second = await connect(server, token);
    const hub = server.running.container.resolve(PushHubToken);
    first.send(JSON.stringify({ subscribe: PUSH_TOPICS.nodeValues, key: 'app-a' }));
    second.send(JSON.stringify({ subscribe: PUSH_TOPICS.nodeValues, key: 'app-b' }));
    second.send('not json');
    second.send(JSON.stringify({ subscribe: 42 }));
    await expect
      .poll(() => hub.hasSubscribers(PUSH_TOPICS.nodeValues, 'app-a') && hub.hasSubscribers(PUSH_TOPICS.nodeValues, 'app-b'))
      .toBe(true);

    const toFirst = nextMessage(first);
    const toSecond = nextMessage(second);
    hub.publishKeyed('app-a', { topic: PUSH_TOPICS.nodeValues, data: { appId: 'app-a' } });
    hub.publishKeyed('app-b', { topic: PUSH_TOPICS.nodeValues, data: { appId: 'app-b' } }, (user) => user.level !== 'cloud');
    hub.publish({ topic: 'marker', data: 1 });
    expect(await toFirst).toEqual({ topic: 'node-values', data: { appId: 'app-a' }, key: 'app-a' });
    // The filter refused the admin, so the second socket's first message is the marker.
    expect(await toSecond).toEqual({ topic: 'marker', data: 1 });

    first.send(JSON.stringify({ unsubscribe: PUSH_TOPICS.nodeValues, key: 'app-a' }));
    await expect.poll(() => hub.hasSubscribers(PUSH_TOPICS.nodeValues, 'app-a')).toBe(false);
    second.close();
    await expect.poll(() => hub.hasSubscribers(PUSH_TOPICS.nodeValues, 'app-b')).toBe(false);
    first.close();
  });

  it('refuses a connection without a valid access token with close code 4401', async () => {
    const { refresh_token } = await server.login();
    for (const token of ['garbage', refresh_token]) {
      const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/ws?token=${encodeURIComponent(token)}`);
      const code = await new Promise<number>((resolve) => socket.once('close', resolve));
      expect(code).toBe(UNAUTHORIZED_CLOSE_CODE);
    }
  });
});
