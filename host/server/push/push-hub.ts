import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { API_PREFIX, MAX_PUSH_SUBSCRIPTIONS, type PushMessage, type SessionUser } from '@sensorium/core/common';
import type { PushHub } from '@sensorium/core/server';

type Recipient = Parameters<NonNullable<Parameters<PushHub['publish']>[1]>>[0];

/** Close code for a refused connection, echoing HTTP 401 in the 4000-4999 range left to applications. */
export const UNAUTHORIZED_CLOSE_CODE = 4401;
const PUSH_PATH = `${API_PREFIX}/ws`;
/** Longest client message read (a subscription is a few dozen bytes). */
const MAX_CLIENT_MESSAGE = 1024;

const subscriptionKey = (topic: string, key: string) => `${topic}\u0000${key}`;

/**
 * The one push WebSocket (/api/ws?token=<access token>): browsers receive JSON PushMessages meant for their session.
 * Keyed topics (live values of one application) reach only the sockets that subscribed to them with
 * `{"subscribe": topic, "key": key}` (and `{"unsubscribe": topic, "key": key}`).
 */
export class WebSocketPushHub implements PushHub {
  private readonly sockets = new Map<WebSocket, Recipient>();
  /** (topic, key) → subscribed sockets. */
  private readonly subscribers = new Map<string, Set<WebSocket>>();
  /** socket → its subscriptions. */
  private readonly subscriptions = new Map<WebSocket, Set<string>>();

  publish<T>(message: PushMessage<T>, filter?: (user: Recipient) => boolean): void {
    const text = JSON.stringify(message);
    for (const [socket, user] of this.sockets) {
      if (socket.readyState === socket.OPEN && (!filter || filter(user))) socket.send(text);
    }
  }

  publishKeyed<T>(key: string, message: PushMessage<T>, filter?: (user: Recipient) => boolean): void {
    const sockets = this.subscribers.get(subscriptionKey(message.topic, key));
    if (!sockets?.size) return;
    const text = JSON.stringify({ ...message, key });
    for (const socket of sockets) {
      const user = this.sockets.get(socket);
      if (user && socket.readyState === socket.OPEN && (!filter || filter(user))) socket.send(text);
    }
  }

  hasSubscribers(topic: string, key: string): boolean {
    return (this.subscribers.get(subscriptionKey(topic, key))?.size ?? 0) > 0;
  }

  /** Registers the route; `verify` turns the token of the query string into the session user, or null. */
  register(app: FastifyInstance, verify: (token: string) => Promise<SessionUser | null>): void {
    app.get<{ Querystring: { token?: string } }>(
      PUSH_PATH,
      { websocket: true, schema: { hide: true } },
      async (socket, request) => {
        // Subscriptions sent while the token is being verified are kept and applied once the session is known.
        const early: string[] = [];
        const onEarly = (data: unknown) => early.push(String(data));
        socket.on('message', onEarly);
        const user = await verify(request.query.token ?? '');
        socket.off('message', onEarly);
        if (!user) {
          socket.close(UNAUTHORIZED_CLOSE_CODE, 'Unauthorized');
          return;
        }
        this.sockets.set(socket, {
          id: user.id,
          level: user.level,
          organisationId: user.organisationId,
          endCustomerId: user.endCustomerId,
        });
        this.subscriptions.set(socket, new Set());
        socket.on('message', (data) => this.onClientMessage(socket, String(data)));
        socket.on('close', () => this.forget(socket));
        for (const text of early) this.onClientMessage(socket, text);
        if (socket.readyState !== socket.OPEN) this.forget(socket);
      },
    );
  }

  private onClientMessage(socket: WebSocket, text: string): void {
    if (text.length > MAX_CLIENT_MESSAGE) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (!message || typeof message !== 'object') return;
    const { subscribe, unsubscribe, key } = message as Record<string, unknown>;
    if (typeof key !== 'string') return;
    const own = this.subscriptions.get(socket);
    if (!own) return;
    if (typeof subscribe === 'string') {
      const id = subscriptionKey(subscribe, key);
      if (own.has(id) || own.size >= MAX_PUSH_SUBSCRIPTIONS) return;
      own.add(id);
      const set = this.subscribers.get(id) ?? new Set();
      set.add(socket);
      this.subscribers.set(id, set);
    } else if (typeof unsubscribe === 'string') {
      this.drop(socket, subscriptionKey(unsubscribe, key));
    }
  }

  private drop(socket: WebSocket, id: string): void {
    this.subscriptions.get(socket)?.delete(id);
    const set = this.subscribers.get(id);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.subscribers.delete(id);
  }

  private forget(socket: WebSocket): void {
    for (const id of this.subscriptions.get(socket) ?? []) this.drop(socket, id);
    this.subscriptions.delete(socket);
    this.sockets.delete(socket);
  }
}
