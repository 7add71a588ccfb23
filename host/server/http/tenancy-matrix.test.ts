import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { DatabaseToken, type AnyRouteDefinition, type Database, type ScopeSource } from '@sensorium/core/server';
import { PERMISSIONS } from '@sensorium/core/common';
import { serverPlugins } from '../plugins';
import { databaseBackends, startTestServer, type TestServer } from '../testing';
import { tableDigest } from '../testing/table-digest';

/**
 * The tenancy and level matrix, generated from the route registry: every route of every installed plugin is called as a
 * user of another tenant and as an end-customer user, and no test needs writing for a new route.
 * - A route whose path names an application must declare its application scope (`app`).
 * - Another tenant's user gets 404 from every route scoped to an application or another tenant-owned object
 *   (400 is allowed only where the scope id travels in the query or body, validated first), and no row changes.
 * - An end-customer user gets 403 from every route whose `levels` leave that level out, and no row changes.
 */

/** Path parameters that name an application. */
const APP_PARAMS = /^(appId|app_id|applicationId|application_id)$/;

const ZERO_UUID = '00000000-0000-4000-8000-000000000000';

/** Values tried for a path parameter, in order; the first its input model accepts is used. */
const CANDIDATES = [ZERO_UUID, 'sample_1', '0', `${ZERO_UUID}.png`, 'a'];

/** Path parameter values the route's params model accepts, so each call reaches the scope check. */
function sampleParams(route: AnyRouteDefinition): Record<string, string> {
  const names = (route.url.match(/:[A-Za-z_]+/g) ?? []).map((name) => name.slice(1));
  const values: Record<string, string> = Object.fromEntries(names.map((name) => [name, CANDIDATES[0]!]));
  if (!route.params) return values;
  for (const name of names) {
    values[name] =
      CANDIDATES.find((candidate) => {
        const instance = plainToInstance(route.params!, { ...values, [name]: candidate }) as object;
        return !validateSync(instance).some((error) => error.property === name);
      }) ?? CANDIDATES[0]!;
  }
  return values;
}

const routeName = (route: AnyRouteDefinition) => `${route.method} ${route.url}`;

function scopeSources(route: AnyRouteDefinition): { kind: string; from: ScopeSource }[] {
  return [
    ...(route.app ? [{ kind: 'application', from: route.app }] : []),
    ...(route.scope ? [{ kind: route.scope.kind, from: route.scope.from }] : []),
  ];
}

/** The request a route gets: every path parameter filled, the scoped ids set to the target tenant's objects. */
function requestFor(route: AnyRouteDefinition, targets: Record<string, string>) {
  const params = sampleParams(route);
  const query: Record<string, string> = {};
  const body: Record<string, unknown> = {};
  for (const { kind, from } of scopeSources(route)) {
    const id = targets[kind] ?? ZERO_UUID;
    if (typeof from === 'string') params[from] = id;
    else if ('query' in from) query[from.query] = id;
    else body[from.body] = id;
  }
  const path = route.url.replace(/:([A-Za-z_]+)/g, (_match, name: string) => encodeURIComponent(params[name]!));
  const search = new URLSearchParams(query).toString();
  return {
    path: `/api${path}${search ? `?${search}` : ''}`,
    body: route.method === 'GET' || route.method === 'DELETE' ? undefined : body,
  };
}

describe.each(databaseBackends())('tenancy and level matrix over every route on %s', (backend) => {
  let server: TestServer;
  let db: Database;
  let routes: AnyRouteDefinition[];
  /** Tenant A's objects, by scope kind. */
  const ownObjects: Record<string, string> = {};
  let stranger: string;
  let endCustomerUser: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: serverPlugins });
    db = server.running.resolve(DatabaseToken);
    routes = server.running.routes.map((owned) => owned.route);
    const admin = (await server.login()).access_token;
    const everything = [...PERMISSIONS];
    const owner = await server.loginAs({ username: 'tenant_a', organisationId: 'org_a', permissions: everything });
    stranger = await server.loginAs({ username: 'tenant_b', organisationId: 'org_b', permissions: everything });
    const customer = await server.request('POST', '/api/customer/end-customer/', { token: owner, body: { name: 'Tenant A Co' } });
    expect(customer.status).toBe(201);
    const created = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: 'tenant_a_app', name: 'Tenant A', description: '', endCustomerId: customer.body.id },
    });
    expect(created.status).toBe(201);
    endCustomerUser = await server.loginAs({ username: 'tenant_a_viewer', level: 'end-customer', permissions: everything });
    const firstId = async (path: string, list: 'users' | 'groups') => {
      const response = await server.request('GET', path, { token: owner });
      return (response.body[list] as { id: string }[])[0]?.id ?? ZERO_UUID;
    };
    Object.assign(ownObjects, {
      application: 'tenant_a_app',
      'end-customer': customer.body.id,
      user: await firstId('/api/users', 'users'),
      'user-group': await firstId('/api/user-groups', 'groups'),
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('has an application scope on every route whose path names an application', () => {
    const missing = routes
      .filter((route) => !route.app && (route.url.match(/:([A-Za-z_]+)/g) ?? []).some((name) => APP_PARAMS.test(name.slice(1))))
      .map(routeName);
    expect(missing).toEqual([]);
  });

  it('answers 404 to another tenant on every scoped route and changes nothing', async () => {
    const before = await tableDigest(db);
    const wrong: string[] = [];
    const scoped = routes.filter((candidate) => scopeSources(candidate).length > 0);
    expect(scoped.length).toBeGreaterThan(0);
    for (const route of scoped) {
      const { path, body } = requestFor(route, ownObjects);
      const response = await server.request(route.method, path, { token: stranger, body });
      // An id in the query or body is read once that part is valid, so a 400 may come first (it tells nothing).
      const pathScoped = scopeSources(route).every(({ from }) => typeof from === 'string');
      const allowed = pathScoped ? [404] : [400, 404];
      if (!allowed.includes(response.status)) wrong.push(`${routeName(route)} -> ${response.status}`);
    }
    expect(wrong).toEqual([]);
    expect(await tableDigest(db)).toEqual(before);
  });

  it('answers 403 to an end-customer user on every route its level may not call, and changes nothing', async () => {
    const before = await tableDigest(db);
    const wrong: string[] = [];
    for (const route of routes.filter((candidate) => candidate.levels && !candidate.levels.includes('end-customer'))) {
      const { path, body } = requestFor(route, ownObjects);
      const response = await server.request(route.method, path, { token: endCustomerUser, body });
      if (response.status !== 403) wrong.push(`${routeName(route)} -> ${response.status}`);
    }
    expect(wrong).toEqual([]);
    expect(await tableDigest(db)).toEqual(before);
  });
});
