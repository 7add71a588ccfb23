/**
 * Where the browser keeps its session tokens.
 *
 * Keys (all prefixed `sensorium.`):
 * - `sensorium.accessToken`, `sensorium.refreshToken`: in localStorage when the user chose "Remember me",
 *   otherwise in sessionStorage so they vanish with the tab. Only one of the two storages holds them at a time.
 * - `sensorium.pageToken`: a dashboard_token from a shared dashboard link (sessionStorage; spec §6 dashboard guard).
 */
export const TOKEN_STORAGE_KEYS = {
  accessToken: 'sensorium.accessToken',
  refreshToken: 'sensorium.refreshToken',
  pageToken: 'sensorium.pageToken',
} as const;

/** The token pair the session API answers with (POST /api/auth/login and /api/auth/refresh). */
export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** One claim of a JWT, read without verifying it; undefined when the token is not a readable JWT. */
function jwtClaim(token: string, claim: string): unknown {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as Record<string, unknown> | null)?.[claim];
  } catch {
    return undefined;
  }
}

/** Reads `exp` (seconds since the epoch) from a JWT without verifying it; null when it is not a readable JWT. */
export function jwtExpiry(token: string): number | null {
  const exp = jwtClaim(token, 'exp');
  return typeof exp === 'number' ? exp : null;
}

/** Reads `sub` (the user id) from a JWT without verifying it; null when it is not a readable JWT. */
export function jwtSubject(token: string): string | null {
  const sub = jwtClaim(token, 'sub');
  return typeof sub === 'string' ? sub : null;
}

export class TokenStore {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly local: StorageLike,
    private readonly session: StorageLike,
  ) {}

  get accessToken(): string | null {
    return this.read(TOKEN_STORAGE_KEYS.accessToken);
  }

  get refreshToken(): string | null {
    return this.read(TOKEN_STORAGE_KEYS.refreshToken);
  }

  get pageToken(): string | null {
    return this.session.getItem(TOKEN_STORAGE_KEYS.pageToken);
  }

  /** True while the refresh token (or, failing that, the access token) has not expired. */
  hasSession(now = Date.now()): boolean {
    const token = this.refreshToken ?? this.accessToken;
    if (!token) return false;
    const exp = jwtExpiry(token);
    return exp === null || exp * 1000 > now;
  }

  /** Stores a fresh pair. `rememberMe` is kept from the previous pair on refresh by passing undefined. */
  save(pair: Pick<TokenPair, 'access_token' | 'refresh_token'>, rememberMe?: boolean): void {
    const remember = rememberMe ?? this.local.getItem(TOKEN_STORAGE_KEYS.refreshToken) !== null;
    const target = remember ? this.local : this.session;
    this.removePair();
    target.setItem(TOKEN_STORAGE_KEYS.accessToken, pair.access_token);
    target.setItem(TOKEN_STORAGE_KEYS.refreshToken, pair.refresh_token);
    this.emit();
  }

  setPageToken(token: string): void {
    this.session.setItem(TOKEN_STORAGE_KEYS.pageToken, token);
    this.emit();
  }

  /** Forgets every token, page token included. */
  clear(): void {
    this.removePair();
    this.session.removeItem(TOKEN_STORAGE_KEYS.pageToken);
    this.emit();
  }

  /** Called after every change, e.g. so the push socket re-authenticates with the new access token. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private read(key: string): string | null {
    return this.session.getItem(key) ?? this.local.getItem(key);
  }

  private removePair(): void {
    for (const storage of [this.local, this.session]) {
      storage.removeItem(TOKEN_STORAGE_KEYS.accessToken);
      storage.removeItem(TOKEN_STORAGE_KEYS.refreshToken);
    }
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
