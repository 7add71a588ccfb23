import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PUSH_TOPICS, type PushMessage } from '@sensorium/core/common';
import { DatabaseToken, PushHubToken, SessionRevocationToken } from '@sensorium/core/server';
import { refreshTokens, users } from '../db/schema';
import { connectPush, databaseBackends, pushClosed, PUSH_PROBE_TOPIC, startTestServer, type TestServer } from '../testing';
import { UNAUTHORIZED_CLOSE_CODE, type WebSocketPushHub } from './push-hub';

/** The next message other than connection probes. */
function nextMessage(socket: WebSocket): Promise<PushMessage> {
  return new Promise((resolve) => {
    const listener = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data)) as PushMessage;
      if (message.topic === PUSH_PROBE_TOPIC) return;
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
    const admin = await connectPush(server, (await server.login()).access_token);
    const viewer = await connectPush(server, (await server.login('viewer', 'viewer-password')).access_token);
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
    const first = await connectPush(server, token);
    const second = await connectPush(server, token);
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

  describe('lives as long as its session', () => {
    const hub = () => server.running.container.resolve(PushHubToken) as WebSocketPushHub;
    const db = () => server.running.container.resolve(DatabaseToken);
    let account = 0;
    /** A new user's login and an open socket of it. */
    async function signedIn() {
      const username = `pushed-${++account}`;
      const { id } = await server.createUser({ username, password: `${username}-password` });
      const pair = await server.login(username, `${username}-password`);
      return { id, pair, socket: await connectPush(server, pair.access_token) };
    }

    it('closes with the session code at once on logout, and keeps the user’s other logins', async () => {
      const { pair, socket } = await signedIn();
      const other = await connectPush(server, (await server.login('pushed-1', 'pushed-1-password')).access_token);
      const ended = pushClosed(socket);
      expect((await server.request('POST', '/api/auth/logout', { token: pair.access_token })).status).toBe(204);
      expect(await ended).toEqual({ code: UNAUTHORIZED_CLOSE_CODE, reason: 'Session ended' });
      const next = nextMessage(other);
      hub().publish({ topic: 'marker', data: 1 });
      expect(await next).toEqual({ topic: 'marker', data: 1 });
      other.close();
    });

    it('closes at once when every session of the user is revoked (password reset, disable, deletion)', async () => {
      const { id, socket } = await signedIn();
      const ended = pushClosed(socket);
      await server.running.container.resolve(SessionRevocationToken).revokeAllSessions(id);
      expect((await ended).code).toBe(UNAUTHORIZED_CLOSE_CODE);
    });

    it('closes on the re-check when another instance revoked the session or the account was disabled', async () => {
      const revokedElsewhere = await signedIn();
      const disabled = await signedIn();
      const endings = Promise.all([pushClosed(revokedElsewhere.socket), pushClosed(disabled.socket)]);
      await db().update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.userId, revokedElsewhere.id));
      await db().update(users).set({ disabled: true }).where(eq(users.id, disabled.id));
      await hub().recheck();
      expect((await endings).map((ending) => ending.code)).toEqual([UNAUTHORIZED_CLOSE_CODE, UNAUTHORIZED_CLOSE_CODE]);
    });

    it('filters on the user’s current rights after the re-check', async () => {
      const { id, socket } = await signedIn();
      const forCloud = (user: { level: string }) => user.level === 'cloud';
      await db().update(users).set({ level: 'cloud' }).where(eq(users.id, id));
      await hub().recheck();
      const next = nextMessage(socket);
      hub().publish({ topic: 'cloud-only', data: 1 }, forCloud);
      expect(await next).toEqual({ topic: 'cloud-only', data: 1 });
      socket.close();
    });

    it('closes a socket whose re-authentication carries another user’s or an invalid token', async () => {
      for (const token of ['garbage', (await server.login()).access_token]) {
        const { socket } = await signedIn();
        const ended = pushClosed(socket);
        socket.send(JSON.stringify({ authenticate: token }));
        expect((await ended).code).toBe(UNAUTHORIZED_CLOSE_CODE);
      }
    });
  });
});

describe.each(databaseBackends())('push WebSocket with short-lived access tokens on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    // Long enough for two sockets to connect on a loaded machine before the first token expires.
    server = await startTestServer({ backend, accessTokenTtlSeconds: 5 });
  });
  afterAll(() => server?.close());

  it('closes when the access token expires, unless the socket re-authenticated with a fresh one', async () => {
    const first = await server.login();
    const expiring = await connectPush(server, first.access_token);
    const carriedOn = await connectPush(server, first.access_token);
    const expired = pushClosed(expiring);
    // Token expiries are whole seconds: a second later the refreshed token outlives the first one.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const refreshed = await server.request('POST', '/api/auth/refresh', { token: first.refresh_token });
    carriedOn.send(JSON.stringify({ authenticate: refreshed.body.access_token }));

    expect(await expired).toEqual({ code: UNAUTHORIZED_CLOSE_CODE, reason: 'Session expired' });
    const next = nextMessage(carriedOn);
    server.running.container.resolve(PushHubToken).publish({ topic: 'marker', data: 1 });
    expect(await next).toEqual({ topic: 'marker', data: 1 });
    expect(carriedOn.readyState).toBe(WebSocket.OPEN);
    const alsoExpired = pushClosed(carriedOn);
    expect((await alsoExpired).reason).toBe('Session expired');
  });
});
