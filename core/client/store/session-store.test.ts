import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { types, type Instance } from 'mobx-state-tree';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@sensorium/core/common';
import { quietHttpClient } from '../testing/quiet-http-client';
import { createI18n } from '../i18n';
import { MemoryStorage } from '../testing/memory-storage';
import { TOKEN_STORAGE_KEYS, TokenStore } from '../token-store';
import type { StoreEnv } from './env';
import { PluginStores } from './plugin-stores';
import { createRootStore, type RootStore } from './root-store';

const admin: SessionUser = {
  id: 'u1',
  username: 'admin',
  name: 'Administrator',
  level: 'cloud',
  permissions: ['useredit', 'profileedit'],
  organisationId: null,
  endCustomerId: null,
};

describe('session store', () => {
  let server: Server;
  let calls: string[];
  let local: MemoryStorage;
  let session: MemoryStorage;
  let tokens: TokenStore;
  let store: RootStore;
  let env: StoreEnv;

  beforeEach(async () => {
    calls = [];
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        calls.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''} ${body}`.trim());
        const json = (status: number, value: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(value));
        };
        if (request.url === '/api/auth/login') {
          const { password } = JSON.parse(body) as { password: string };
          if (password !== 'secret')
            return json(401, {
              statusCode: 401,
              error: 'Unauthorized',
              code: 'errors.invalidCredentials',
              message: 'Incorrect username or password.',
            });
          return json(200, { access_token: 'access-1', refresh_token: 'refresh-1', token_type: 'Bearer', expires_in: 900 });
        }
        if (request.url === '/api/auth/me') {
          return request.headers.authorization === 'Bearer access-1'
            ? json(200, admin)
            : json(401, { statusCode: 401, error: '', code: '', message: '' });
        }
        if (request.url === '/api/auth/logout') return json(204, null);
        json(404, {});
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    local = new MemoryStorage();
    session = new MemoryStorage();
    tokens = new TokenStore(local, session);
    const i18n = createI18n({ en: {}, hk: {}, cn: {} }, 'en');
    const http = quietHttpClient(tokens, {
      currentPath: () => '/auth/login',
      onSessionExpired: () => store.session.clear(),
      prefixUrl: `${url}/api`,
      origin: url,
    });
    env = { http, tokens, i18n, preferences: new MemoryStorage() };
    store = createRootStore(env);
  });

  afterEach(() => {
    server.close();
  });

  it('logs in, keeps the tokens for the tab only without "Remember me", and loads the user', async () => {
    await store.session.login({ username: 'admin', password: 'secret', rememberMe: false });
    expect(store.session.user).toEqual(admin);
    expect(store.session.isLoggedIn).toBe(true);
    expect(store.session.hasPermission('useredit')).toBe(true);
    expect(store.session.hasPermission('dashboard')).toBe(false);
    expect(session.getItem(TOKEN_STORAGE_KEYS.accessToken)).toBe('access-1');
    expect(local.getItem(TOKEN_STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('keeps the tokens across browser restarts with "Remember me"', async () => {
    await store.session.login({ username: 'admin', password: 'secret', rememberMe: true });
    expect(local.getItem(TOKEN_STORAGE_KEYS.refreshToken)).toBe('refresh-1');
  });

  it('rejects a wrong password with the server error and stays anonymous', async () => {
    await expect(store.session.login({ username: 'admin', password: 'nope', rememberMe: true })).rejects.toThrow();
    expect(store.session.user).toBeNull();
    expect(tokens.accessToken).toBeNull();
  });

  it('logs out on the server with the refresh token and forgets the session', async () => {
    await store.session.login({ username: 'admin', password: 'secret', rememberMe: true });
    await store.session.logout();
    expect(calls.at(-1)).toBe('POST /api/auth/logout Bearer access-1 {"refresh_token":"refresh-1"}');
    expect(store.session.user).toBeNull();
    expect(tokens.refreshToken).toBeNull();
  });

  it('resets the plugin stores when the user logs out', async () => {
    const Counter = types.model({ count: 0 }).actions((self) => ({ bump: () => void self.count++ }));
    const pluginStores = new PluginStores({ counter: async () => Counter }, env);
    const withCounter = createRootStore(env, pluginStores);
    const counter = (await pluginStores.load('counter')) as Instance<typeof Counter>;
    await withCounter.session.login({ username: 'admin', password: 'secret', rememberMe: false });
    counter.bump();
    expect(counter.count).toBe(1);
    await withCounter.session.logout();
    expect(counter.count).toBe(0);
  });

  it('restores a stored session once, and settles as anonymous without tokens', async () => {
    tokens.save({ access_token: 'access-1', refresh_token: 'refresh-1' }, true);
    await Promise.all([store.session.restore(), store.session.restore()]);
    expect(calls.filter((call) => call.startsWith('GET /api/auth/me'))).toHaveLength(1);
    expect(store.session.status).toBe('authenticated');

    tokens.clear();
    const fresh = createRootStore(env);
    await fresh.session.restore();
    expect(fresh.session.status).toBe('anonymous');
  });
});
