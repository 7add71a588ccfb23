import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPlugins } from '../plugins';
import { databaseBackends, startTestServer, type TestServer } from '../testing';
import { answerChecker, type AnswerChecker, type HttpMethodName } from './openapi-answers';

/**
 * The OpenAPI document against real answers: a sample of routes across the plugins, answering successfully and with
 * errors, on a server with the demo data. Each answer's status must be documented for its operation and its body must
 * validate against the schema documented for that status (the shared error schema for every error).
 */

const DEMO_APP = 'pump_station_north';

interface Call {
  method: HttpMethodName;
  /** The path as the document writes it; `{name}` parameters are filled from `params`. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** `none` calls without credentials; `outsider` as an si-customer of another organisation without permissions. */
  as?: 'admin' | 'none' | 'outsider';
  status: number;
}

/** Today as the audit enquiry writes dates (YYYYMMDD). */
const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');

describe.each(databaseBackends())('the OpenAPI document against real answers on %s', (backend) => {
  let server: TestServer;
  let checker: AnswerChecker;
  let tokens: Record<'admin' | 'outsider', string>;
  let refreshToken: string;
  let itemUuid: string;

  const url = ({ path, params = {}, query }: Call) => {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    return query ? `${filled}?${new URLSearchParams(query).toString()}` : filled;
  };

  /** Makes the call and answers what is wrong with its answer: an unexpected status, or one the document does not fit. */
  const problemsOf = async (call: Call): Promise<string[]> => {
    const as = call.as ?? 'admin';
    const response = await server.request(call.method.toUpperCase(), url(call), {
      ...(as === 'none' ? {} : { token: tokens[as] }),
      body: call.body,
    });
    const name = `${call.method.toUpperCase()} ${url(call)}`;
    if (response.status !== call.status) return [`${name} answered ${response.status}: ${JSON.stringify(response.body)}`];
    return checker.problems(call.method, call.path, response.status, response.body);
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: serverPlugins, seedDemo: true });
    checker = answerChecker((await server.request('GET', '/api/docs/json')).body);
    const login = await server.login();
    refreshToken = login.refresh_token;
    tokens = {
      admin: login.access_token,
      outsider: await server.loginAs({ username: 'contract_outsider', organisationId: 'org_contract_outsider' }),
    };
    const tree = await server.request('GET', `/api/node-structure-item/${DEMO_APP}/tree`, { token: tokens.admin });
    itemUuid = (tree.body.items as { uuid: string; itemType: string }[]).find((row) => row.itemType === 'item')!.uuid;
  }, 120_000);
  afterAll(() => server?.close());

  it('answers successful calls of every plugin as documented', async () => {
    const app = { appId: DEMO_APP };
    const item = { appId: DEMO_APP, uuid: itemUuid };
    const calls: Call[] = [
      // core: sessions, device credentials
      {
        method: 'post',
        path: '/api/auth/login',
        body: { username: 'admin', password: 'test-admin-password' },
        as: 'none',
        status: 200,
      },
      { method: 'get', path: '/api/mqtt/device-credentials', status: 200 },
      // audit
      { method: 'get', path: '/api/audithistory/settings', status: 200 },
      {
        method: 'post',
        path: '/api/audithistory/enquiry',
        body: { startDate: today, startTime: '00:00', dueDate: today, dueTime: '23:59' },
        status: 200,
      },
      // nodes
      { method: 'get', path: '/api/node-structure-item/{appId}/tree', params: app, status: 200 },
      { method: 'get', path: '/api/node-structure-item/{appId}/items/{uuid}', params: item, status: 200 },
      { method: 'get', path: '/api/node-structure-item/{appId}/items/{uuid}/commands', params: item, status: 200 },
      {
        method: 'get',
        path: '/api/node-structure-item/{appId}/item-name-availability',
        params: app,
        query: { itemName: 'contract_probe' },
        status: 200,
      },
      { method: 'get', path: '/api/location/map-settings', status: 200 },
      // device pipeline
      { method: 'get', path: '/api/node-structure-item/{appId}/items/{uuid}/history', params: item, status: 200 },
      { method: 'get', path: '/api/dead-letters', status: 200 },
      { method: 'post', path: '/api/raw-data-history/search', body: { appId: DEMO_APP, viewMode: 'realtime' }, status: 200 },
      // notifications
      { method: 'get', path: '/api/notifications/{appId}/contacts', params: app, status: 200 },
      {
        method: 'post',
        path: '/api/notifications/{appId}/contacts',
        params: app,
        body: { name: 'Contract Probe', email: 'contract.probe@example.com' },
        status: 201,
      },
      { method: 'get', path: '/api/notifications/{appId}/history', params: app, status: 200 },
      { method: 'get', path: '/api/notifications/rate-limit', status: 200 },
      { method: 'get', path: '/api/notifications/providers', status: 200 },
      // event actions, sensor status, data sources, mailbox, account
      { method: 'get', path: '/api/event-actions/{appId}/webhook-secret', params: app, status: 200 },
      { method: 'get', path: '/api/event-actions/{appId}/webhook-deliveries', params: app, status: 200 },
      { method: 'get', path: '/api/system-events-api/{appId}/sensor-status', params: app, status: 200 },
      { method: 'get', path: '/api/chirpstack/server-settings', status: 200 },
      { method: 'get', path: '/api/ttn/server-settings', status: 200 },
      { method: 'get', path: '/api/mailbox', status: 200 },
      { method: 'get', path: '/api/user/usernames/availability', query: { username: 'contract_free' }, as: 'none', status: 200 },
    ];
    const problems = [];
    for (const call of calls) problems.push(...(await problemsOf(call)));
    // The refresh token is spent by its use: refreshed once, after the calls that use the session.
    const refreshed = await server.request('POST', '/api/auth/refresh', { headers: { authorization: `Bearer ${refreshToken}` } });
    problems.push(...checker.problems('post', '/api/auth/refresh', refreshed.status, refreshed.body));
    expect(refreshed.status).toBe(200);
    expect(problems).toEqual([]);
  });

  it('answers refused calls with documented statuses and the shared error body', async () => {
    const app = { appId: DEMO_APP };
    const calls: Call[] = [
      {
        method: 'post',
        path: '/api/auth/login',
        body: { username: 'admin', password: 'not-the-password' },
        as: 'none',
        status: 401,
      },
      { method: 'post', path: '/api/auth/login', body: { username: 'admin' }, as: 'none', status: 400 },
      { method: 'get', path: '/api/users', as: 'none', status: 401 },
      { method: 'post', path: '/api/customer/end-customer/', body: { name: 'Outsider Co' }, as: 'outsider', status: 403 },
      { method: 'get', path: '/api/node-structure-item/{appId}/tree', params: { appId: 'no_such_app' }, status: 404 },
      { method: 'get', path: '/api/node-structure-item/{appId}/tree', params: app, as: 'outsider', status: 404 },
      {
        method: 'get',
        path: '/api/node-structure-item/{appId}/items/{uuid}',
        params: { appId: DEMO_APP, uuid: 'not-a-uuid' },
        status: 400,
      },
      { method: 'post', path: '/api/customer/end-customer/', body: { name: 'Contract Twins' }, status: 201 },
      { method: 'post', path: '/api/customer/end-customer/', body: { name: 'Contract Twins' }, status: 409 },
      { method: 'post', path: '/api/notifications/{appId}/contacts', params: app, body: { email: 'x' }, status: 400 },
      { method: 'get', path: '/api/chirpstack/server-settings', query: { organisationId: 'no_such_org' }, status: 404 },
      { method: 'get', path: '/api/system-events-api/public/event/', query: { payload: 'forged' }, as: 'none', status: 404 },
      { method: 'post', path: '/api/raw-data-history/search', body: { appId: DEMO_APP, viewMode: 'sideways' }, status: 400 },
    ];
    const problems = [];
    for (const call of calls) problems.push(...(await problemsOf(call)));
    expect(problems).toEqual([]);
  });
});
