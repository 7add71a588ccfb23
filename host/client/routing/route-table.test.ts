import { createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  consoleRoutes,
  createI18n,
  createRootStore,
  TokenStore,
  type RootStore,
  type RouteContribution,
} from '@sensorium/core/client';
import { MemoryStorage } from '../../../core/client/testing/memory-storage';
import { quietHttpClient } from '../../../core/client/testing/quiet-http-client';
import { PERMISSIONS, type Contribution, type SessionUser } from '@sensorium/core/common';
import { buildRouteTable, usesShellLayout, type RouteTableContext } from './route-table';

const page = async () => ({ default: () => null });
const route = (pluginId: string, value: Omit<RouteContribution, 'load'>, gate = {}): Contribution<RouteContribution> => ({
  pluginId,
  value: { ...value, load: page },
  gate,
});

const contributions = [
  route('shell', { path: 'auth/no-permission', guard: 'none', ref: consoleRoutes.noPermission }),
  route('shell', { path: 'auth/not-found', guard: 'none', ref: consoleRoutes.notFound }),
  route('account', { path: 'auth/login', guard: 'login-type', ref: consoleRoutes.login }),
  route('applications', { path: 'application/application-list', guard: 'auth', ref: consoleRoutes.applicationList }),
  route('users', { path: 'account-management/users', guard: 'system-admin', customPermissions: ['useredit'] }),
  route('dashboard', { path: 'app/:app_id/dashboard/main', guard: 'dashboard' }),
  route('events', { path: 'app/:app_id/event-view', guard: 'auth' }),
];

const user = (permissions: string[]): SessionUser => ({
  id: 'u1',
  username: 'si',
  name: 'Integrator',
  level: 'si-customer',
  permissions,
  organisationId: 'o1',
  endCustomerId: null,
});

describe('route table', () => {
  let store: RootStore;
  let tokens: TokenStore;
  let routers: ReturnType<typeof createMemoryRouter>[];

  beforeEach(() => {
    routers = [];
    tokens = new TokenStore(new MemoryStorage(), new MemoryStorage());
    const http = quietHttpClient(tokens, { prefixUrl: 'http://127.0.0.1:9/api' });
    store = createRootStore({
      http,
      tokens,
      i18n: createI18n({ en: {}, hk: {}, cn: {} }, 'en'),
      preferences: new MemoryStorage(),
    });
  });

  afterEach(() => {
    for (const router of routers) router.dispose();
  });

  const noStores = { load: () => Promise.reject(new Error('no plugin stores in this test')) };
  const tableContext = (stores: RouteTableContext['stores'] = noStores): RouteTableContext => ({
    session: store.session,
    tokens,
    sessionStorage: new MemoryStorage(),
    stores,
  });

  /** Opens a path and returns where the guards and redirects finally land. */
  const open = async (path: string, routeList = contributions, context = tableContext()) => {
    const router = createMemoryRouter(buildRouteTable(routeList, context), {
      initialEntries: [path],
    });
    routers.push(router);
    await new Promise<void>((resolve) => {
      const done = () => router.state.initialized && router.state.navigation.state === 'idle';
      if (done()) return resolve();
      const stop = router.subscribe(() => {
        if (done()) {
          stop();
          resolve();
        }
      });
    });
    return `${router.state.location.pathname}${router.state.location.search}`;
  };

  const logIn = async (permissions: string[] = [...PERMISSIONS]) => {
    await store.session.restore();
    store.session.setUser(user(permissions));
  };

  it('sends visitors from the empty path through the application list to the login page', async () => {
    expect(await open('/')).toBe('/auth/login');
  });

  it('redirects home, an application and unknown paths as the spec route table says', async () => {
    await logIn();
    expect(await open('/')).toBe('/application/application-list');
    expect(await open('/home')).toBe('/application/application-list');
    expect(await open('/app/plant_1')).toBe('/app/plant_1/event-view');
    expect(await open('/no/such/page')).toBe('/application/application-list');
    expect(await open('/auth/login')).toBe('/application/application-list');
  });

  it('follows the route references to the pages wherever the plugins put them', async () => {
    const moved = contributions.map((contribution) =>
      contribution.value.ref === consoleRoutes.applicationList
        ? { ...contribution, value: { ...contribution.value, path: 'apps' } }
        : contribution.value.ref === consoleRoutes.login
          ? { ...contribution, value: { ...contribution.value, path: 'auth/sign-in' } }
          : contribution,
    );
    expect(await open('/', moved)).toBe('/auth/sign-in');
    await logIn();
    expect(await open('/home', moved)).toBe('/apps');
    expect(await open('/no/such/page', moved)).toBe('/apps');
  });

  it('refuses two plugins binding one route reference, naming both', () => {
    const clash = [...contributions, route('other', { path: 'auth/other-login', guard: 'none', ref: consoleRoutes.login })];
    expect(() => buildRouteTable(clash, tableContext())).toThrow(
      /"account" and "other" both bind the route reference "account.login"/,
    );
  });

  it('shows the 404 page for unknown paths while no plugin serves the application list', async () => {
    await logIn();
    const withoutList = contributions.filter((contribution) => contribution.pluginId !== 'applications');
    expect(await open('/no/such/page', withoutList)).toBe('/no/such/page');
    expect(routers.at(-1)?.state.matches.at(-1)?.route.path).toBe('*');
  });

  it('applies the customPermissions of system-admin routes', async () => {
    await logIn(['setting']);
    expect(await open('/account-management/users')).toBe('/auth/no-permission');
    await logIn(['useredit']);
    expect(await open('/account-management/users')).toBe('/account-management/users');
  });

  it('keeps a dashboard_token as the page token and opens the dashboard without login', async () => {
    expect(await open('/app/plant_1/dashboard/main?dashboard_token=shared')).toBe(
      '/app/plant_1/dashboard/main?dashboard_token=shared',
    );
    expect(tokens.pageToken).toBe('shared');
  });

  it('treats a permission in the route gate as one more condition', async () => {
    await logIn(['event']);
    const gated = [
      ...contributions,
      route('audit', { path: 'diagnosis/audit-history', guard: 'auth' }, { permission: 'setting' }),
    ];
    expect(await open('/diagnosis/audit-history', gated)).toBe('/auth/no-permission');
  });

  it('refuses two plugins claiming one path, naming both', () => {
    const clash = [...contributions, route('other', { path: 'application/application-list', guard: 'auth' })];
    expect(() => buildRouteTable(clash, tableContext())).toThrow(
      /"applications" and "other" both add the route "application\/application-list"/,
    );
  });

  it('starts a page’s prefetch with the path’s parameters once the guard lets the navigation through, and not before a redirect', async () => {
    const started: string[] = [];
    const withPrefetch = [
      ...contributions,
      route('nodes', {
        path: 'app/:app_id/node-management',
        guard: 'auth',
        prefetch: async ({ params, stores }) => started.push(`${params.app_id} ${String(await stores.load('nodes'))}`),
      }),
    ];
    const stores = { load: async (name: string) => `store ${name}` as never };
    expect(await open('/app/plant_1/node-management', withPrefetch, tableContext(stores))).toBe('/auth/login');
    expect(started).toEqual([]);
    await logIn();
    expect(await open('/app/plant_1/node-management', withPrefetch, tableContext(stores))).toBe('/app/plant_1/node-management');
    expect(started).toEqual(['plant_1 store nodes']);
  });

  it('keeps the navigation when a prefetch fails: the page shows its own request’s failure', async () => {
    await logIn();
    const failing = [
      ...contributions,
      route('nodes', { path: 'app/:app_id/node-management', guard: 'auth', prefetch: () => Promise.reject(new Error('down')) }),
    ];
    expect(await open('/app/plant_1/node-management', failing)).toBe('/app/plant_1/node-management');
  });

  it('shows auth and public pages without the header and sidebar', () => {
    expect(['auth/login', 'public/event/:payload', 'application/application-list', 'authority'].map(usesShellLayout)).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
