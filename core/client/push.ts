import { API_PREFIX, type PushMessage } from '../common';
import type { TokenStore } from './token-store';

export type PushHandler<T = unknown> = (data: T, message: PushMessage<T>) => void;

export interface PushClientOptions {
  tokens: TokenStore;
  /** The socket URL for a token; defaults to ws(s)://<this host>/api/ws?token=<token>. */
  url?: (token: string) => string;
  createSocket?: (url: string) => WebSocket;
  /** First reconnect delay; doubled after every failed attempt up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

function defaultUrl(token: string): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${API_PREFIX}/ws?token=${encodeURIComponent(token)}`;
}

/**
 * The one push WebSocket of the console (/api/ws?token=…). It is open while someone listens and a token exists,
 * reconnects with exponential backoff when the connection drops, and reconnects with the new access token
 * whenever the tokens change (a refresh, a login, a logout).
 */
export class PushClient {
  private readonly handlers = new Map<string, Set<PushHandler>>();
  private socket: WebSocket | null = null;
  private socketToken: string | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private readonly unsubscribeTokens: () => void;

  constructor(private readonly options: PushClientOptions) {
    this.unsubscribeTokens = options.tokens.subscribe(() => {
      if (this.currentToken() !== this.socketToken) this.reconnectNow();
    });
  }

  subscribe<T>(topic: string, handler: PushHandler<T>): () => void {
    const set = this.handlers.get(topic) ?? new Set();
    set.add(handler as PushHandler);
    this.handlers.set(topic, set);
    this.ensureConnected();
    return () => {
      set.delete(handler as PushHandler);
      if (set.size === 0) this.handlers.delete(topic);
      if (this.handlers.size === 0) this.disconnect();
    };
  }

  /** Stops for good (used when the console unmounts). */
  close(): void {
    this.unsubscribeTokens();
    this.handlers.clear();
    this.disconnect();
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
    };
    socket.onmessage = (event: MessageEvent) => this.dispatch(event.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
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
    for (const handler of this.handlers.get(message.topic) ?? []) handler(message.data, message);
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
