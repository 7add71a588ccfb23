import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { PUSH_RESTART_CLOSE_CODE } from '@sensorium/core/common';
import { PushClient } from './push';
import { MemoryStorage } from './testing/memory-storage';
import { TokenStore } from './token-store';

const until = async (condition: () => boolean, timeoutMs = 2000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/** A JWT-shaped token of this user (the client reads its subject, it never checks the signature). */
const tokenOf = (userId: string, serial: number) =>
  `header.${btoa(JSON.stringify({ sub: userId, n: serial })).replace(/=+$/, '')}.signature`;

describe('PushClient', () => {
  let server: WebSocketServer;
  let sockets: { token: string | null; socket: WebSocket }[];
  let tokens: TokenStore;
  let push: PushClient;

  let received: unknown[];
  let sessionChecks: number;

  beforeEach(async () => {
    sockets = [];
    received = [];
    sessionChecks = 0;
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    server.on('connection', (socket, request) => {
      sockets.push({ token: new URL(request.url ?? '', 'http://x').searchParams.get('token'), socket });
      socket.on('message', (data) => received.push(JSON.parse(String(data))));
    });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    tokens = new TokenStore(new MemoryStorage(), new MemoryStorage());
    tokens.save({ access_token: 'access-1', refresh_token: 'refresh-1' });
    push = new PushClient({
      tokens,
      url: (token) => `ws://127.0.0.1:${port}/api/ws?token=${token}`,
      createSocket: (url) => new WebSocket(url) as unknown as globalThis.WebSocket,
      initialDelayMs: 10,
      onSessionClosed: () => sessionChecks++,
    });
  });

  afterEach(async () => {
    push.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const open = () => sockets.filter(({ socket }) => socket.readyState === WebSocket.OPEN);

  it('opens one socket with the access token and hands each topic its messages', async () => {
    const updates: unknown[] = [];
    const refreshes: unknown[] = [];
    push.subscribe('system-event-update', (data) => updates.push(data));
    push.subscribe('system-event-refresh', (data) => refreshes.push(data));
    await until(() => open().length === 1);
    expect(sockets.map(({ token }) => token)).toEqual(['access-1']);
    open()[0]!.socket.send(JSON.stringify({ topic: 'system-event-update', data: { appId: 'a' } }));
    await until(() => updates.length === 1);
    expect(updates).toEqual([{ appId: 'a' }]);
    expect(refreshes).toEqual([]);
  });

  it('reconnects after the connection drops', async () => {
    push.subscribe('system-event-update', () => undefined);
    await until(() => open().length === 1);
    open()[0]!.socket.terminate();
    await until(() => sockets.length === 2 && open().length === 1);
  });

  it('reconnects when the server closes the socket for a restart, keeping its subscriptions and the session', async () => {
    push.subscribe('node-values', () => undefined, 'app-a');
    await until(() => open().length === 1 && received.length === 1);
    open()[0]!.socket.close(PUSH_RESTART_CLOSE_CODE, 'Server restarting');
    await until(() => sockets.length === 2 && open().length === 1 && received.length === 2);
    expect(received).toEqual([
      { subscribe: 'node-values', key: 'app-a' },
      { subscribe: 'node-values', key: 'app-a' },
    ]);
    // A restart is no sign of an ended session: nothing is checked over HTTP.
    expect(sessionChecks).toBe(0);
  });

  it('reconnects with the new access token after a refresh, and closes when nobody listens', async () => {
    const stop = push.subscribe('system-event-update', () => undefined);
    await until(() => open().length === 1);
    tokens.save({ access_token: 'access-2', refresh_token: 'refresh-2' });
    await until(() => open().length === 1 && open()[0]!.token === 'access-2');
    stop();
    await until(() => open().length === 0);
  });

  it('subscribes keyed topics on the server, again after a reconnect, and hands each key its own messages', async () => {
    const forA: unknown[] = [];
    const forB: unknown[] = [];
    const stopA = push.subscribe('node-values', (data) => forA.push(data), 'app-a');
    push.subscribe('node-values', (data) => forB.push(data), 'app-b');
    await until(() => received.length === 2);
    expect(received).toEqual([
      { subscribe: 'node-values', key: 'app-a' },
      { subscribe: 'node-values', key: 'app-b' },
    ]);
    const socket = open()[0]!.socket;
    socket.send(JSON.stringify({ topic: 'node-values', key: 'app-a', data: 1 }));
    socket.send(JSON.stringify({ topic: 'node-values', key: 'app-b', data: 2 }));
    socket.send(JSON.stringify({ topic: 'node-values', data: 3 }));
    await until(() => forA.length === 1 && forB.length === 1);
    expect([forA, forB]).toEqual([[1], [2]]);

    stopA();
    await until(() => received.length === 3);
    expect(received[2]).toEqual({ unsubscribe: 'node-values', key: 'app-a' });

    received.length = 0;
    socket.terminate();
    await until(() => received.length === 1);
    expect(received).toEqual([{ subscribe: 'node-values', key: 'app-b' }]);
  });

  it('carries the socket on with a refreshed token of the same user, and reconnects for another user', async () => {
    tokens.save({ access_token: tokenOf('user-1', 1), refresh_token: 'refresh-1' });
    push.subscribe('system-event-update', () => undefined);
    await until(() => open().length === 1);
    tokens.save({ access_token: tokenOf('user-1', 2), refresh_token: 'refresh-2' });
    await until(() => received.length === 1);
    expect(received).toEqual([{ authenticate: tokenOf('user-1', 2) }]);
    expect(sockets).toHaveLength(1);

    tokens.save({ access_token: tokenOf('user-2', 3), refresh_token: 'refresh-3' });
    await until(() => open().length === 1 && open()[0]!.token === tokenOf('user-2', 3));
    expect(received).toHaveLength(1);
  });

  it('has the session checked when the server closes the socket for an ended session, then reconnects', async () => {
    push.subscribe('system-event-update', () => undefined);
    await until(() => open().length === 1);
    open()[0]!.socket.close(4401, 'Session expired');
    await until(() => sessionChecks === 1);
    // The check refreshed the tokens: the socket comes back with the new access token.
    tokens.save({ access_token: 'access-2', refresh_token: 'refresh-2' });
    await until(() => open().length === 1 && open()[0]!.token === 'access-2');
    open()[0]!.socket.close(1001, 'Going away');
    await until(() => sockets.length === 3 && open().length === 1);
    expect(sessionChecks).toBe(1);
  });

  it('stays closed without a token', async () => {
    tokens.clear();
    push.subscribe('system-event-update', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets).toEqual([]);
  });

  it('lets a page stop listening while its socket is still connecting, without an error', async () => {
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    try {
      const stop = push.subscribe('node-values', () => undefined);
      stop(); // nobody listens any more: the socket closes before its handshake finished
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(errors).toEqual([]);
    } finally {
      process.off('uncaughtException', onError);
    }
  });
});
