import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTPError } from 'ky';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '@sensorium/core/common';
import { createHttpClient, readApiError, type HttpClientOptions } from './http';
import type { Notification } from './notifications';
import { consoleRoutes, RouteResolver, type RouteRef } from './route-refs';
import { MemoryStorage } from './testing/memory-storage';
import { TOKEN_STORAGE_KEYS, TokenStore } from './token-store';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  language: string | undefined;
  body: string;
}

type Handler = (request: Seen, response: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        language: request.headers['accept-language'],
        body,
      };
      seen.push(entry);
      handler(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const apiError = (statusCode: number, message: string) => ({ statusCode, error: 'Error', code: 'errors.test', message });

/** A session API like the server's: access tokens `access-N`, refresh tokens `refresh-N`, rotated on every refresh. */
function sessionApi(state: { current: number; refreshCalls: number; refuseRefresh?: boolean }): Handler {
  return (request, response) => {
    if (request.url === '/api/auth/refresh') {
      state.refreshCalls++;
      if (state.refuseRefresh || request.authorization !== `Bearer refresh-${state.current}`) {
        return json(response, 401, apiError(401, 'Session expired'));
      }
      state.current++;
      // Answer a little later so that concurrent 401s really overlap the refresh.
      setTimeout(
        () =>
          json(response, 200, {
            access_token: `access-${state.current}`,
            refresh_token: `refresh-${state.current}`,
            token_type: 'Bearer',
            expires_in: 900,
          }),
        30,
      );
      return;
    }
    if (request.url === '/api/auth/login') return json(response, 401, apiError(401, 'Wrong username or password'));
    if (request.url === '/api/forbidden') return json(response, 403, apiError(403, 'Forbidden'));
    if (request.url.startsWith('/api/application/')) return json(response, 404, apiError(404, 'No such application'));
    if (request.url === '/api/missing') return json(response, 404, apiError(404, 'Missing'));
    if (request.authorization !== `Bearer access-${state.current}` && request.authorization !== 'Bearer page-token') {
      return json(response, 401, apiError(401, 'Unauthorized'));
    }
    json(response, 200, { ok: true, echo: request.body });
  };
}

describe('createHttpClient', () => {
  let api: Awaited<ReturnType<typeof listen>>;
  let state: { current: number; refreshCalls: number; refuseRefresh?: boolean };
  let local: MemoryStorage;
  let session: MemoryStorage;
  let tokens: TokenStore;
  let navigations: string[];
  let notifications: Notification[];
  let expired: number;
  let path: string;
  let language: Language;

  let logged: string[];

  const client = (extra: Partial<HttpClientOptions> = {}) =>
    createHttpClient({
      tokens,
      language: () => language,
      translate: (key) => `translated:${key}`,
      notify: (notification) => notifications.push(notification),
      navigate: (to) => navigations.push(to),
      currentPath: () => path,
      onSessionExpired: () => expired++,
      prefixUrl: `${api.url}/api`,
      origin: api.url,
      log: (message) => logged.push(message),
      ...extra,
    });

  beforeEach(async () => {
    state = { current: 1, refreshCalls: 0 };
    api = await listen(sessionApi(state));
    local = new MemoryStorage();
    session = new MemoryStorage();
    tokens = new TokenStore(local, session);
    tokens.save({ access_token: 'access-1', refresh_token: 'refresh-1' }, true);
    navigations = [];
    notifications = [];
    expired = 0;
    path = '/application/application-list';
    language = 'en';
    logged = [];
  });

  afterEach(() => {
    api.server.close();
  });

  it('sends the access token and the interface language to its own host', async () => {
    language = 'hk';
    await client().get('items').json();
    expect(api.seen[0]).toMatchObject({ authorization: 'Bearer access-1', language: 'zh-HK' });
  });

  it('sends the token to allowed API domains but never to other hosts', async () => {
    const other = await listen((_request, response) => json(response, 200, {}));
    try {
      const otherHost = new URL(other.url).host;
      await client().get(`${other.url}/data`, { prefixUrl: '' });
      await client({ allowedDomains: [otherHost] }).get(`${other.url}/data`, { prefixUrl: '' });
      expect(other.seen.map((request) => request.authorization)).toEqual([undefined, 'Bearer access-1']);
    } finally {
      other.server.close();
    }
  });

  it('refreshes an expired access token with the refresh token and retries the request once', async () => {
    tokens.save({ access_token: 'stale', refresh_token: 'refresh-1' });
    const result = await client()
      .post('items', { json: { name: 'pump' } })
      .json<{ echo: string }>();
    expect(result.echo).toBe('{"name":"pump"}');
    const refreshCall = api.seen.find((request) => request.url === '/api/auth/refresh');
    expect(refreshCall?.authorization).toBe('Bearer refresh-1');
    expect(tokens.accessToken).toBe('access-2');
    expect(tokens.refreshToken).toBe('refresh-2');
    expect(local.getItem(TOKEN_STORAGE_KEYS.refreshToken)).toBe('refresh-2'); // "Remember me" is kept
  });

  it('shares one refresh between concurrent 401s', async () => {
    tokens.save({ access_token: 'stale', refresh_token: 'refresh-1' });
    const http = client();
    const results = await Promise.all([1, 2, 3, 4].map((n) => http.get(`items/${n}`).json<{ ok: boolean }>()));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(state.refreshCalls).toBe(1);
  });

  it('logs out and opens the session-expired page when the refresh is refused', async () => {
    tokens.save({ access_token: 'stale', refresh_token: 'refresh-1' });
    state.refuseRefresh = true;
    await expect(client().get('items')).rejects.toBeInstanceOf(HTTPError);
    expect(tokens.accessToken).toBeNull();
    expect(tokens.refreshToken).toBeNull();
    expect(expired).toBe(1);
    expect(navigations).toEqual(['/auth/session-expired']);
  });

  it('stays on the page when the refresh is refused on the login or session-expired page', async () => {
    state.refuseRefresh = true;
    for (const page of ['/auth/login', '/auth/session-expired']) {
      path = page;
      tokens.save({ access_token: 'stale', refresh_token: 'refresh-1' });
      await expect(client().get('items')).rejects.toBeInstanceOf(HTTPError);
    }
    expect(expired).toBe(2);
    expect(navigations).toEqual([]);
  });

  it('opens the session-expired page wherever the console’s route reference puts it', async () => {
    const page = (pluginId: string, at: string, ref: RouteRef) => ({
      pluginId,
      value: { path: at, ref, guard: 'none' as const, load: async () => ({ default: () => null }) },
      gate: {},
    });
    const routes = new RouteResolver([
      page('sso', 'sso/expired', consoleRoutes.sessionExpired),
      page('sso', 'sso/login', consoleRoutes.login),
    ]);
    state.refuseRefresh = true;
    path = '/sso/login';
    tokens.save({ access_token: 'stale', refresh_token: 'refresh-1' });
    await expect(client({ routes }).get('items')).rejects.toBeInstanceOf(HTTPError);
    expect(navigations).toEqual([]);
    path = '/application/application-list';
    tokens.save({ access_token: 'stale', refresh_token: 'refresh-1' });
    await expect(client({ routes }).get('items')).rejects.toBeInstanceOf(HTTPError);
    expect(navigations).toEqual(['/sso/expired']);
  });

  it('does not refresh on a failed login, and hands back the translated server message', async () => {
    const error = await client()
      .post('auth/login', { json: { username: 'x', password: 'y' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HTTPError);
    expect((await readApiError(error))?.message).toBe('Wrong username or password');
    expect(state.refreshCalls).toBe(0);
  });

  it('does not refresh while a dashboard page token is in use', async () => {
    tokens.setPageToken('page-token');
    await client().get('items').json();
    expect(api.seen[0]?.authorization).toBe('Bearer page-token');
    tokens.setPageToken('revoked-page-token');
    await expect(client().get('items')).rejects.toBeInstanceOf(HTTPError);
    expect(state.refreshCalls).toBe(0);
    expect(navigations).toEqual([]);
  });

  it('shows an Insufficient Permission notification on 403 and still throws', async () => {
    await expect(client().get('forbidden')).rejects.toBeInstanceOf(HTTPError);
    expect(logged).toEqual([expect.stringMatching(/GET .*\/api\/forbidden failed with 403/)]);
    expect(notifications).toEqual([
      {
        intent: 'error',
        title: 'translated:core.client.forbidden.title',
        body: 'translated:core.client.forbidden.body',
        coversFailure: true,
      },
    ]);
  });

  it('opens the not-found page on a 404 from an application URL only', async () => {
    await expect(client().get('application/unknown')).rejects.toBeInstanceOf(HTTPError);
    await expect(client().get('missing')).rejects.toBeInstanceOf(HTTPError);
    expect(navigations).toEqual(['/auth/not-found']);
  });
});
