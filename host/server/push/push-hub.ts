import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  API_PREFIX,
  MAX_PUSH_SUBSCRIPTIONS,
  PUSH_RESTART_CLOSE_CODE,
  PUSH_SESSION_CLOSE_CODE,
  type PushMessage,
  type SessionUser,
} from '@sensorium/core/common';
import type { ClusterBus, PushHub } from '@sensorium/core/server';
import { LocalClusterBus } from '../cluster/local-bus';

type Recipient = Parameters<NonNullable<Parameters<PushHub['publish']>[1]>>[0];

/** Close code for a refused connection or an ended session, echoing HTTP 401 in the range left to applications. */
export const UNAUTHORIZED_CLOSE_CODE = PUSH_SESSION_CLOSE_CODE;
const PUSH_PATH = `${API_PREFIX}/ws`;
const RESTART_REASON = 'Server restarting';
/** Longest client message read (a subscription is a few dozen bytes, an access token a few hundred). */
const MAX_CLIENT_MESSAGE = 2048;
/** How often every socket's session is read again: other instances' revocations and changed rights apply within it. */
export const PUSH_SESSION_RECHECK_MS = 5_000;
/** setTimeout's longest delay; a later expiry is checked again when this one fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const subscriptionKey = (topic: string, key: string) => `${topic}\u0000${key}`;

/** A socket's session: the user with its current rights, the login it belongs to, when its access token expires. */
export interface PushSession {
  user: SessionUser;
  familyId: string;
  expiresAt: number;
}

/** How the hub checks sessions (the host's AccessSessions). */
export interface PushSessionCheck {
  /** The session of an access token; null when it is not a valid access token of a live session. */
  open(token: string): Promise<PushSession | null>;
  /** Of these sessions, the ones still live, by family id, with their users' current rights. */
  stillLive(sessions: readonly { userId: string; familyId: string }[]): Promise<Map<string, SessionUser>>;
}

/** The sessions a revocation ended: one login, or every login of a user but perhaps one. */
export type EndedSessions = { familyId: string } | { userId: string; exceptFamilyId: string | null };

interface Connection {
  session: PushSession;
  /** Closes the socket when its access token expires, unless it re-authenticates first. */
  expiry: ReturnType<typeof setTimeout>;
}

/**
 * The one push WebSocket (/api/ws?token=<access token>): browsers receive JSON PushMessages meant for their session.
 * Keyed topics (live values of one application) reach only the sockets that subscribed to them with
 * `{"subscribe": topic, "key": key}` (and `{"unsubscribe": topic, "key": key}`).
 *
 * A socket lives as long as its session: it is closed with code 4401 when its access token expires (unless the
 * browser sent `{"authenticate": "<fresh access token>"}` of the same user before), at once when its session is
 * revoked here (logout, disable, deletion, password change), and within PUSH_SESSION_RECHECK_MS when another instance
 * revoked it. Filters see each user's current rights, read again at every re-check.
 *
 * publish and publishKeyed reach this instance's sockets; fanOut's payloads reach every instance's (through the bus).
 */
export class WebSocketPushHub implements PushHub {
  private readonly connections = new Map<WebSocket, Connection>();
  /** (topic, key) → subscribed sockets. */
  private readonly subscribers = new Map<string, Set<WebSocket>>();
  /** socket → its subscriptions. */
  private readonly subscriptions = new Map<WebSocket, Set<string>>();
  private check: PushSessionCheck | null = null;
  private rechecking: Promise<void> | null = null;
  /** Set by closeForRestart: sockets opened from then on are closed at once, with the same code. */
  private restarting = false;

  /** `bus` carries fanOut's payloads to the other instances; the local one when this is the only instance. */
  constructor(private readonly bus: ClusterBus = new LocalClusterBus()) {}

  publish<T>(message: PushMessage<T>, filter?: (user: Recipient) => boolean): void {
    const text = JSON.stringify(message);
    for (const [socket, { session }] of this.connections) {
      if (socket.readyState === socket.OPEN && (!filter || filter(session.user))) socket.send(text);
    }
  }

  publishKeyed<T>(key: string, message: PushMessage<T>, filter?: (user: Recipient) => boolean): void {
    const sockets = this.subscribers.get(subscriptionKey(message.topic, key));
    if (!sockets?.size) return;
    const text = JSON.stringify({ ...message, key });
    for (const socket of sockets) {
      const user = this.connections.get(socket)?.session.user;
      if (user && socket.readyState === socket.OPEN && (!filter || filter(user))) socket.send(text);
    }
  }

  hasSubscribers(topic: string, key: string): boolean {
    return (this.subscribers.get(subscriptionKey(topic, key))?.size ?? 0) > 0;
  }

  mayHaveSubscribers(topic: string, key: string): boolean {
    return this.bus.spansInstances || this.hasSubscribers(topic, key);
  }

  fanOut<T>(name: string, deliver: (payload: T) => void): (payload: T) => void {
    return this.bus.channel(`push.${name}`, deliver);
  }

  /** Registers the route and the periodic re-check of every socket's session. */
  register(app: FastifyInstance, check: PushSessionCheck, recheckMs = PUSH_SESSION_RECHECK_MS): void {
    this.check = check;
    const timer = setInterval(() => {
      this.recheck().catch((error: unknown) => app.log.warn({ err: error }, 'push session re-check failed'));
    }, recheckMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await this.rechecking;
    });
    app.get<{ Querystring: { token?: string } }>(
      PUSH_PATH,
      { websocket: true, schema: { hide: true } },
      async (socket, request) => {
        // Messages sent while the token is being verified are kept and applied once the session is known.
        const early: string[] = [];
        const onEarly = (data: unknown) => early.push(String(data));
        socket.on('message', onEarly);
        const session = await check.open(request.query.token ?? '');
        socket.off('message', onEarly);
        if (this.restarting) {
          socket.close(PUSH_RESTART_CLOSE_CODE, RESTART_REASON);
          return;
        }
        if (!session) {
          socket.close(UNAUTHORIZED_CLOSE_CODE, 'Unauthorized');
          return;
        }
        this.connections.set(socket, { session, expiry: this.expiryTimer(socket, session.expiresAt) });
        this.subscriptions.set(socket, new Set());
        socket.on('message', (data) => void this.onClientMessage(socket, String(data)));
        socket.on('close', () => this.forget(socket));
        for (const text of early) await this.onClientMessage(socket, text);
        if (socket.readyState !== socket.OPEN) this.forget(socket);
      },
    );
  }

  /** Closes the sockets of sessions revoked on this instance, at once. */
  endSessions(ended: EndedSessions): void {
    for (const [socket, { session }] of this.connections) {
      const matches =
        'familyId' in ended
          ? session.familyId === ended.familyId
          : session.user.id === ended.userId && session.familyId !== ended.exceptFamilyId;
      if (matches) this.end(socket, 'Session ended');
    }
  }

  /**
   * Closes every socket with PUSH_RESTART_CLOSE_CODE ("server restarting"), on shutdown: the browsers reconnect once a
   * server answers again. Sockets opened later are closed the same way.
   */
  closeForRestart(): void {
    this.restarting = true;
    for (const socket of [...this.connections.keys()]) {
      this.forget(socket);
      socket.close(PUSH_RESTART_CLOSE_CODE, RESTART_REASON);
    }
  }

  /**
   * Reads every socket's session again: sockets of sessions no longer live (revoked elsewhere, account disabled or
   * deleted) close, the others get their users' current rights. Runs every PUSH_SESSION_RECHECK_MS.
   */
  recheck(): Promise<void> {
    this.rechecking ??= this.recheckAll().finally(() => {
      this.rechecking = null;
    });
    return this.rechecking;
  }

  private async recheckAll(): Promise<void> {
    if (!this.check || this.connections.size === 0) return;
    const checked = [...this.connections].map(([socket, { session }]) => ({ socket, session }));
    const live = await this.check.stillLive(
      checked.map(({ session }) => ({ userId: session.user.id, familyId: session.familyId })),
    );
    for (const { socket, session } of checked) {
      const connection = this.connections.get(socket);
      // Re-authenticated meanwhile: the newer session stands.
      if (connection?.session !== session) continue;
      const user = live.get(session.familyId);
      if (user) connection.session = { ...session, user };
      else this.end(socket, 'Session ended');
    }
  }

  private expiryTimer(socket: WebSocket, expiresAt: number): ReturnType<typeof setTimeout> {
    const timer = setTimeout(
      () => {
        const connection = this.connections.get(socket);
        if (!connection) return;
        if (Date.now() >= connection.session.expiresAt) this.end(socket, 'Session expired');
        else connection.expiry = this.expiryTimer(socket, connection.session.expiresAt);
      },
      Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS),
    );
    timer.unref();
    return timer;
  }

  /** A fresh access token of the same user carries the socket on; any other token closes it. */
  private async authenticate(socket: WebSocket, token: string): Promise<void> {
    const connection = this.connections.get(socket);
    if (!connection || !this.check) return;
    const session = await this.check.open(token);
    if (!this.connections.has(socket)) return;
    if (!session || session.user.id !== connection.session.user.id) {
      this.end(socket, 'Unauthorized');
      return;
    }
    clearTimeout(connection.expiry);
    connection.session = session;
    connection.expiry = this.expiryTimer(socket, session.expiresAt);
  }

  private async onClientMessage(socket: WebSocket, text: string): Promise<void> {
    if (text.length > MAX_CLIENT_MESSAGE) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (!message || typeof message !== 'object') return;
    const { subscribe, unsubscribe, key, authenticate } = message as Record<string, unknown>;
    if (typeof authenticate === 'string') {
      await this.authenticate(socket, authenticate);
      return;
    }
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

  /** Closes the socket with the session code; it receives nothing more from now on. */
  private end(socket: WebSocket, reason: string): void {
    this.forget(socket);
    socket.close(UNAUTHORIZED_CLOSE_CODE, reason);
  }

  private drop(socket: WebSocket, id: string): void {
    this.subscriptions.get(socket)?.delete(id);
    const set = this.subscribers.get(id);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.subscribers.delete(id);
  }

  private forget(socket: WebSocket): void {
    const connection = this.connections.get(socket);
    if (connection) clearTimeout(connection.expiry);
    for (const id of this.subscriptions.get(socket) ?? []) this.drop(socket, id);
    this.subscriptions.delete(socket);
    this.connections.delete(socket);
  }
}
