import ky, { isHTTPError, type KyInstance, type KyRequest } from 'ky';
import { API_PREFIX, LANGUAGE_TAGS, type ApiErrorBody, type Language } from '@sensorium/core/common';
import type { Notify } from './notifications';
import { consoleRoutes, type RouteResolver } from './route-refs';
import type { TokenPair, TokenStore } from './token-store';

export type HttpClient = KyInstance;

export interface HttpClientOptions {
  tokens: TokenStore;
  /** The interface language; sent as Accept-Language so the server translates its messages. */
  language: () => Language;
  translate: (key: string) => string;
  notify: Notify;
  navigate: (path: string) => void;
  /** The path of the page the user is on (location.pathname in the browser). */
  currentPath: () => string;
  /** Where the login, session-expired and 404 pages are (the console's route references); the default paths without. */
  routes?: RouteResolver;
  /** Called once the refresh token has been refused: the browser's session state must be dropped. */
  onSessionExpired: () => void;
  /** Defaults to `/api`; tests pass an absolute URL. */
  prefixUrl?: string;
  /** The origin the console is served from; requests to it carry the Bearer token. Defaults to location.origin. */
  origin?: string;
  /** Further API hosts (`host` or `host:port`) that also receive the Bearer token. */
  allowedDomains?: readonly string[];
  fetch?: typeof fetch;
  /** Where failed calls are logged (spec §8: logged and re-raised). Defaults to console.error. */
  log?: (message: string, error?: unknown) => void;
}

// The pages' usual paths, for tests and code outside the console; the console follows its route references (`routes`).
export const SESSION_EXPIRED_PATH = '/auth/session-expired';
export const LOGIN_PATH = '/auth/login';
export const NOT_FOUND_PATH = '/auth/not-found';

/**
 * The one HTTP client of the console (spec §7 Session, §8). Beyond ky it
 * - adds `Authorization: Bearer <token>` to requests for the console's own host and the allowed API domains,
 * - sends Accept-Language for the current interface language,
 * - on a 401 refreshes the token pair once (concurrent 401s share the refresh) and retries the request once,
 *   unless the 401 answers the login call or a dashboard page token is in use,
 * - ends the session and opens the session-expired page when the refresh itself is refused,
 * - shows "Insufficient Permission" on a 403 (the one toast of that failure: the caller's own is dropped, see
 *   NotificationCenter) and opens the 404 page on a 404 from an application URL.
 * Every HTTP error is still thrown to the caller.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { tokens } = options;
  const prefixUrl = options.prefixUrl ?? API_PREFIX;
  const origin = options.origin ?? globalThis.location?.origin ?? new URL(prefixUrl).origin;
  const trustedHosts = new Set([new URL(origin).host, ...(options.allowedDomains ?? [])]);
  const acceptLanguage = () => LANGUAGE_TAGS[options.language()];
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));

  let refreshing: Promise<boolean> | null = null;

  const { routes } = options;
  const sessionExpiredPath = () => (routes ? routes.path(consoleRoutes.sessionExpired) : SESSION_EXPIRED_PATH);
  const loginPath = () => (routes ? routes.path(consoleRoutes.login) : LOGIN_PATH);
  const notFoundPath = () => (routes ? routes.path(consoleRoutes.notFound) : NOT_FOUND_PATH);

  const endSession = () => {
    tokens.clear();
    options.onSessionExpired();
    const path = options.currentPath();
    const sessionExpired = sessionExpiredPath();
    if (!path.startsWith(sessionExpired) && !path.startsWith(loginPath())) options.navigate(sessionExpired);
  };

  const refresh = async (): Promise<boolean> => {
    const refreshToken = tokens.refreshToken;
    if (!refreshToken) return false;
    try {
      const pair = await ky
        .post('auth/refresh', {
          prefixUrl,
          fetch: options.fetch,
          retry: 0,
          headers: { Authorization: `Bearer ${refreshToken}`, 'Accept-Language': acceptLanguage() },
        })
        .json<TokenPair>();
      tokens.save(pair);
      return true;
    } catch (error) {
      if (isHTTPError(error) && error.response.status === 401) endSession();
      else log('Token refresh failed', error);
      return false;
    }
  };

  // Every 401 that arrives while a refresh is running waits for that same refresh.
  const refreshOnce = (): Promise<boolean> => {
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  const isTrusted = (request: KyRequest) => trustedHosts.has(new URL(request.url).host);
  const bearerOf = (request: KyRequest) => request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;

  return ky.create({
    prefixUrl,
    fetch: options.fetch,
    // Only the forced retry after a token refresh; ordinary failures are the caller's to handle.
    retry: { limit: 1, methods: [], statusCodes: [] },
    hooks: {
      beforeRequest: [
        (request) => {
          if (!request.headers.has('Accept-Language')) request.headers.set('Accept-Language', acceptLanguage());
          const token = tokens.pageToken ?? tokens.accessToken;
          if (token && isTrusted(request)) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        async (request, _options, response, state) => {
          const { pathname } = new URL(request.url);
          if (response.status === 401) {
            // A refused login is the login form's to show; a refused logout means the session is gone already.
            if (pathname.endsWith('/auth/login') || pathname.endsWith('/auth/logout')) return;
            if (tokens.pageToken || state.retryCount > 0 || !isTrusted(request)) return;
            // Another request refreshed the pair while this one was in flight: just try again with the new token.
            const sent = bearerOf(request);
            if (sent && tokens.accessToken && sent !== tokens.accessToken) return ky.retry({ delay: 0, code: 'TOKEN_CHANGED' });
            if (await refreshOnce()) return ky.retry({ delay: 0, code: 'TOKEN_REFRESHED' });
            return;
          }
          if (response.status === 403) {
            options.notify({
              intent: 'error',
              title: options.translate('core.client.forbidden.title'),
              body: options.translate('core.client.forbidden.body'),
              coversFailure: true,
            });
          }
          if (response.status === 404 && pathname.includes('/application/')) options.navigate(notFoundPath());
        },
      ],
      beforeError: [
        (error) => {
          const { request, response } = error;
          log(`${request.method} ${request.url} failed with ${response.status}`);
          return error;
        },
      ],
    },
  });
}

/** The server's error body of a failed call (its `message` is already translated), or null for other failures. */
export async function readApiError(error: unknown): Promise<ApiErrorBody | null> {
  if (!isHTTPError(error)) return null;
  try {
    const body = (await error.response.clone().json()) as Partial<ApiErrorBody>;
    return typeof body?.message === 'string' ? (body as ApiErrorBody) : null;
  } catch {
    return null;
  }
}
