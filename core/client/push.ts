import { API_PREFIX, PUSH_SESSION_CLOSE_CODE, type PushClientMessage, type PushMessage } from '@sensorium/core/common';
import { jwtSubject, type TokenStore } from './token-store';

export type PushHandler<T = unknown> = (data: T, message: PushMessage<T>) => void;

export interface PushClientOptions {
  tokens: TokenStore;
  /** The socket URL for a token; defaults to ws(s)://<this host>/api/ws?token=<token>. */
  url?: (token: string) => string;
  createSocket?: (url: string) => WebSocket;
  /** First reconnect delay; doubled after every failed attempt up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /**
   * Called when the server closed the socket because its session ended (code 4401: the access token expired, or the
   * session was logged out or revoked). The console checks the session over HTTP, which refreshes the tokens (the
   * socket then reconnects with the new one) or ends the session.
   */
  onSessionClosed?: () => void;
}

function defaultUrl(token: string): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${API_PREFIX}/ws?token=${encodeURIComponent(token)}`;
}

const keyedId = (topic: string, key: string) => `${topic}\u0000${key}`;

/**
 * The one push WebSocket of the console (/api/ws?token=…). It is open while someone listens and a token exists, and
 * reconnects with exponential backoff when the connection drops. When the tokens change, a fresh access token of the
 * same user is sent over the open socket (`{"authenticate": token}`: the server closes a socket whose token expired
 * otherwise); any other change (a login as someone else, a logout, a page token) reconnects with the new token.
 */

export class PushClient {
  /** Handlers by topic (unkeyed) or by topic + key (keyed subscriptions, see subscribe). */
  private readonly handlers = new Map<string, Set<PushHandler>>();
  /** Keyed subscriptions: id → {topic, key}; sent to the server on every (re)connect. */
  private readonly keyed = new Map<string, { topic: string; key: string }>();
  private socket: WebSocket | null = null;
  private socketToken: string | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private readonly unsubscribeTokens: () => void;

  constructor(private readonly options: PushClientOptions) {
    this.unsubscribeTokens = options.tokens.subscribe(() => this.onTokensChanged());
  }

  /**
   * Calls `handler` with every message of `topic`. With a `key` (e.g. an application id) the socket subscribes to that
   * key on the server, which then sends the topic's messages for that key only; the handler gets only those.
   * Returns the unsubscribe function.
   */
  subscribe<T>(topic: string, handler: PushHandler<T>, key?: string): () => void {
    const id = key === undefined ? topic : keyedId(topic, key);
    const set = this.handlers.get(id) ?? new Set();
    set.add(handler as PushHandler);
    this.handlers.set(id, set);
    if (key !== undefined && !this.keyed.has(id)) {
      this.keyed.set(id, { topic, key });
      this.send({ subscribe: topic, key });
    }
    this.ensureConnected();
    return () => {
      set.delete(handler as PushHandler);
      if (set.size === 0 && this.handlers.get(id) === set) {
        this.handlers.delete(id);
        if (key !== undefined && this.keyed.delete(id)) this.send({ unsubscribe: topic, key });
      }
      if (this.handlers.size === 0) this.disconnect();
    };
  }

  /** Stops for good (used when the console unmounts). */
  close(): void {
    this.unsubscribeTokens();
    this.handlers.clear();
    this.keyed.clear();
    this.disconnect();
  }

  private onTokensChanged(): void {
    const token = this.currentToken();
    const previous = this.socketToken;
    if (token === previous) return;
    const sameUser = token && previous && jwtSubject(token) !== null && jwtSubject(token) === jwtSubject(previous);
    if (sameUser && !this.options.tokens.pageToken && this.socket?.readyState === 1) {
      this.socketToken = token;
      this.send({ authenticate: token });
    } else {
      this.reconnectNow();
    }
  }

  private currentToken(): string | null {
    const { tokens } = this.options;
    return tokens.pageToken ?? tokens.accessToken;
  }

  private ensureConnected(): void {
    if (this.socket || this.retryTimer || this.handlers.size === 0) return;
    const token = this.currentToken();
    if (!token) return;
    const url = (this.options.url ?? defaultUrl)(token);
    const socket = this.options.createSocket ? this.options.createSocket(url) : new WebSocket(url);
    this.socket = socket;
    this.socketToken = token;
    socket.onopen = () => {
      this.attempts = 0;
      for (const { topic, key } of this.keyed.values()) this.send({ subscribe: topic, key });
    };
    socket.onmessage = (event: MessageEvent) => this.dispatch(event.data);
    // A failed or aborted connection (also closing one that is still connecting) reports an error and then closes;
    // the close handler reconnects, so the error needs no handling of its own, but must be listened to: Node's
    // WebSocket implementations throw an error event nobody listens to.
    socket.onerror = () => undefined;
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.socketToken = null;
      if (event.code === PUSH_SESSION_CLOSE_CODE) this.options.onSessionClosed?.();
      this.scheduleReconnect();
    };
  }

  private dispatch(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let message: PushMessage;
    try {
      message = JSON.parse(raw) as PushMessage;
    } catch {
      return;
    }
    const id = typeof message.key === 'string' ? keyedId(message.topic, message.key) : message.topic;
    for (const handler of this.handlers.get(id) ?? []) handler(message.data, message);
  }

  /** Sends a subscription change when the socket is open; otherwise the next open sends every subscription. */
  private send(message: PushClientMessage): void {
    const socket = this.socket;
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(message));
  }

  private scheduleReconnect(): void {
    if (this.handlers.size === 0) return;
    const initial = this.options.initialDelayMs ?? 1000;
    const delay = Math.min(this.options.maxDelayMs ?? 30_000, initial * 2 ** this.attempts);
    this.attempts++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.ensureConnected();
    }, delay);
  }

  private reconnectNow(): void {
    this.disconnect();
    this.attempts = 0;
    this.ensureConnected();
  }

  private disconnect(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.socketToken = null;
    socket?.close();
  }
}
