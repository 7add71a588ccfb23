import WebSocket from 'ws';
import { PushHubToken } from '@sensorium/core/server';
import type { RunningServer } from '../start-server';

/** The topic of the probes `connectPush` publishes until the socket receives one. */
export const PUSH_PROBE_TOPIC = 'test-probe';

/** Opens the push socket with an access token; resolves once the server registered its session (a probe arrived). */
export async function connectPush(server: { url: string; running: RunningServer }, token: string): Promise<WebSocket> {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/ws?token=${encodeURIComponent(token)}`);
  const probed = new Promise((resolve) =>
    socket.on('message', (data) => JSON.parse(String(data)).topic === PUSH_PROBE_TOPIC && resolve(null)),
  );
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const hub = server.running.container.resolve(PushHubToken);
  const timer = setInterval(() => hub.publish({ topic: PUSH_PROBE_TOPIC, data: null }), 20);
  await probed.finally(() => clearInterval(timer));
  return socket;
}

/** The close code and reason the socket gets (at once when it is closed already). */
export function pushClosed(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
}
