import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRuleSettings } from '@sensorium/event-settings/common';
import { defaultMissionSettings } from '@sensorium/timer-missions/common';
import { serverPlugins } from '../plugins';
import { databaseBackends, startTestServer, type TestResponse, type TestServer } from '../testing';
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
  /** A bearer credential of another kind (a share link's dashboard_token), instead of `as`. */
  token?: string;
  status: number;
}

/** An answer's body, of whatever shape. */
type Body = TestResponse['body'];

/** The smallest PNG image: one transparent pixel. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** This month as the usage report names months (YYYY-MM). */
const thisMonth = new Date().toISOString().slice(0, 7);

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

  /** Makes the call and answers its body and what is wrong with its answer: an unexpected status, or one the document does not fit. */
  const answerOf = async (call: Call): Promise<{ body: Body; problems: string[] }> => {
    const as = call.as ?? 'admin';
    const response = await server.request(call.method.toUpperCase(), url(call), {
      ...(call.token ? { token: call.token } : as === 'none' ? {} : { token: tokens[as] }),
      body: call.body,
    });
    const name = `${call.method.toUpperCase()} ${url(call)}`;
    if (response.status !== call.status) {
      return { body: response.body, problems: [`${name} answered ${response.status}: ${JSON.stringify(response.body)}`] };
    }
    return { body: response.body, problems: checker.problems(call.method, call.path, response.status, response.body) };
  };
  const problemsOf = async (call: Call): Promise<string[]> => (await answerOf(call)).problems;

  /**
   * Calls in order, where a call may use the answers before it (the id of what a create made): each is checked as it
   * is made, and the test fails with every problem found.
   */
  const checkSequence = async (steps: (answer: (call: Call) => Promise<Body>) => Promise<void>) => {
    const problems: string[] = [];
    await steps(async (call) => {
      const { body, problems: found } = await answerOf(call);
      problems.push(...found);
      return body;
    });
    expect(problems).toEqual([]);
  };

  /** A multipart PUT of a one-pixel PNG (sent with fetch, not the JSON helper), its answer checked like the others. */
  const expectPngUploadAsDocumented = async (template: string, params: Record<string, string>, field: string) => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(ONE_PIXEL_PNG)], { type: 'image/png' }), `${field}.png`);
    const uploaded = await fetch(`${server.url}${url({ method: 'put', path: template, params, status: 200 })}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokens.admin}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    expect(checker.problems('put', template, 200, await uploaded.json())).toEqual([]);
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
      { method: 'get', path: '/api/auth/me', status: 200 },
      { method: 'get', path: '/api/system/info', as: 'none', status: 200 },
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
      { method: 'get', path: '/api/cost-management/usage', query: { from: thisMonth, to: thisMonth }, status: 200 },
      {
        method: 'get',
        path: '/api/public-alert/{appId}/links',
        params: app,
        query: { eventId: '00000000-0000-4000-8000-000000000000' },
        status: 200,
      },
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

  it('answers the account management, my account, API key and user setup calls as documented', () =>
    checkSequence(async (answer) => {
      const groups = { method: 'get', path: '/api/user-groups', status: 200 } as const;
      const someGroup = ((await answer(groups)).groups as { id: string }[])[0]!.id;
      await answer({ method: 'get', path: '/api/user-groups/permissions', status: 200 });
      await answer({ method: 'get', path: '/api/user-groups/{id}', params: { id: someGroup }, status: 200 });
      const group = await answer({
        method: 'post',
        path: '/api/user-groups',
        body: { name: 'Contract Group', permissions: ['event'] },
        status: 201,
      });
      const inGroup = { id: group.id as string };
      await answer({
        method: 'patch',
        path: '/api/user-groups/{id}',
        params: inGroup,
        body: { name: 'Contract Group 2' },
        status: 200,
      });
      await answer({ method: 'get', path: '/api/users', status: 200 });
      const user = await answer({
        method: 'post',
        path: '/api/users',
        body: {
          username: 'contract_user',
          password: 'Contract-pass-41',
          name: 'Contract User',
          level: 'cloud',
          groupId: someGroup,
        },
        status: 201,
      });
      const oneUser = { id: user.id as string };
      await answer({ method: 'get', path: '/api/users/{id}', params: oneUser, status: 200 });
      await answer({ method: 'patch', path: '/api/users/{id}', params: oneUser, body: { phone: '+85291234567' }, status: 200 });
      await answer({ method: 'delete', path: '/api/users/{id}/second-factor', params: oneUser, status: 200 });
      await answer({
        method: 'post',
        path: '/api/user-groups/{id}/members',
        params: inGroup,
        body: { userId: oneUser.id },
        status: 200,
      });
      const app = { appId: DEMO_APP };
      await answer({ method: 'get', path: '/api/application-users/{appId}', params: app, status: 200 });
      await answer({ method: 'get', path: '/api/application-users/{appId}/user-choices', params: app, status: 200 });
      await answer({
        method: 'post',
        path: '/api/application-users/{appId}/users',
        params: app,
        body: { userId: oneUser.id },
        status: 201,
      });
      await answer({
        method: 'put',
        path: '/api/application-users/{appId}/users/{userId}/device-tags',
        params: { ...app, userId: oneUser.id },
        body: { deviceTags: ['contract'] },
        status: 200,
      });
      await answer({
        method: 'post',
        path: '/api/application-users/{appId}/groups',
        params: app,
        body: { groupId: inGroup.id },
        status: 201,
      });
      await answer({ method: 'put', path: '/api/users/{id}/disabled', params: oneUser, body: { disabled: true }, status: 200 });
      await answer({ method: 'get', path: '/api/my-account', status: 200 });
      await answer({ method: 'put', path: '/api/my-account/profile', body: { name: 'Administrator' }, status: 200 });
      const secondFactor = { currentPassword: 'test-admin-password', otpEnabled: false };
      await answer({ method: 'put', path: '/api/my-account/second-factor', body: secondFactor, status: 200 });
      const key = await answer({ method: 'post', path: '/api/api-keys', body: { name: 'Contract key' }, status: 201 });
      await answer({ method: 'get', path: '/api/api-keys', status: 200 });
      await answer({ method: 'post', path: '/api/api-keys/{id}/revoke', params: { id: key.id as string }, status: 200 });
    }));

  it('answers the device-profile management calls as documented', () =>
    checkSequence(async (answer) => {
      const values = {
        deviceProfileName: 'Contract Valve',
        dataSource: 'lora',
        commands: [{ id: 'contract-open', display: 'Open', payload: { fPort: 10, data: 'AQ==' } }],
        deviceExtraInfoSetting: [{ name: 'floor', type: 'number' }],
      };
      const created = await answer({ method: 'post', path: '/api/device-profiles', body: values, status: 200 });
      const profile = { uuid: created.uuid as string };
      await answer({
        method: 'put',
        path: '/api/device-profiles/{uuid}',
        params: profile,
        body: { ...values, sensorBrand: 'Acme' },
        status: 200,
      });
      await answer({ method: 'get', path: '/api/device-profiles', status: 200 });
      await answer({ method: 'get', path: '/api/device-profiles/export', status: 200 });
      const imported = { profiles: [{ ...values, uuid: profile.uuid, sensorModel: 'CV-1' }] };
      await answer({ method: 'post', path: '/api/device-profiles/import', body: imported, status: 200 });
      await answer({ method: 'delete', path: '/api/device-profiles/{uuid}', params: profile, status: 200 });
    }));

  it('answers the adapter-script calls as documented', () =>
    checkSequence(async (answer) => {
      const app = { appId: DEMO_APP };
      const target = { targetKind: 'item', targetId: itemUuid };
      const decode = (field: string) => `function decode(input) {\n  return { fields: { ${field}: 1 } };\n}\n`;
      await answer({ method: 'get', path: '/api/adapters/{appId}/targets', params: app, status: 200 });
      await answer({ method: 'get', path: '/api/adapters/{appId}/script', params: app, query: target, status: 200 });
      for (const field of ['first', 'second']) {
        const save = { ...target, source: decode(field) };
        await answer({ method: 'post', path: '/api/adapters/{appId}/script', params: app, body: save, status: 200 });
      }
      const rollback = { ...target, version: 1 };
      await answer({ method: 'post', path: '/api/adapters/{appId}/script/rollback', params: app, body: rollback, status: 200 });
      await answer({ method: 'get', path: '/api/adapters/{appId}/script', params: app, query: target, status: 200 });
      const run = { source: decode('probe'), fn: 'decode', sampleSource: 'json', payload: '{"a":1}' };
      await answer({ method: 'post', path: '/api/adapters/{appId}/test', params: app, body: run, status: 200 });
      const failing = { ...run, source: 'function decode(input) {\n  return input.none.fields;\n}' };
      await answer({ method: 'post', path: '/api/adapters/{appId}/test', params: app, body: failing, status: 200 });
      await answer({ method: 'delete', path: '/api/adapters/{appId}/script', params: app, query: target, status: 200 });
    }));

  it('answers the backup calls as documented', () =>
    checkSequence(async (answer) => {
      const app = { appId: DEMO_APP };
      const backup = await answer({
        method: 'post',
        path: '/api/backup/{appId}',
        params: app,
        body: { description: 'Contract' },
        status: 201,
      });
      await answer({ method: 'get', path: '/api/backup/{appId}', params: app, status: 200 });
      const restore = {
        method: 'post',
        path: '/api/backup/{appId}/{folder}/restore',
        params: { ...app, folder: backup.folder as string },
      } as const;
      await answer({ ...restore, body: { targetAppId: 'contract_restored' }, status: 200 });
    }));

  it('answers the theme calls as documented, the background upload too', () =>
    checkSequence(async (answer) => {
      const created = await answer({
        method: 'post',
        path: '/api/theme-profile/new',
        body: { name: 'Contract Theme' },
        status: 201,
      });
      const theme = { id: created.id as string };
      const change = { name: 'Contract Theme', theme: { dashboard: { panelColor: '#1e3a5fcc' } } };
      await answer({ method: 'post', path: '/api/theme-profile/update/{id}', params: theme, body: change, status: 200 });
      await answer({ method: 'get', path: '/api/theme-profile/', status: 200 });
      await expectPngUploadAsDocumented('/api/theme-profile/{id}/background', theme, 'image');
    }));

  it('answers the dashboard, share-link and shared-view calls as documented', () =>
    checkSequence(async (answer) => {
      const app = { appId: DEMO_APP };
      const widget = (id: string, type: string, field: string, options = {}) => ({
        id,
        type,
        title: id,
        position: { x: 0, y: 0, w: 4, h: 3 },
        bindings: [{ itemUuid, field }],
        options,
      });
      const layout = (widgets: unknown[]) => ({ name: 'Contract Board', isMain: false, themeId: null, widgets });
      const created = await answer({
        method: 'post',
        path: '/api/dashboards/{appId}',
        params: app,
        body: layout([widget('table', 'item-table', '')]),
        status: 201,
      });
      const board = { ...app, id: created.id as string };
      const items = await answer({ method: 'get', path: '/api/dashboards/{appId}/{id}/items', params: board, status: 200 });
      const field = (items as { fields: { field: string }[] }[])[0]!.fields[0]!.field;
      const widgets = [widget('chart', 'time-series', field, { rangeHours: 24 }), widget('alarms', 'alarm-list', '')];
      await answer({
        method: 'put',
        path: '/api/dashboards/{appId}/{id}',
        params: board,
        body: { ...layout(widgets), isMain: created.isMain },
        status: 200,
      });
      await answer({ method: 'get', path: '/api/dashboards/{appId}/{id}', params: board, status: 200 });
      await answer({ method: 'get', path: '/api/dashboards/{appId}/list', params: app, status: 200 });
      await answer({ method: 'get', path: '/api/dashboards/{appId}/main', params: app, status: 200 });
      const links = '/api/dashboards/{appId}/{id}/share-links';
      const link = await answer({ method: 'post', path: links, params: board, body: { validHours: 1 }, status: 201 });
      await answer({ method: 'get', path: links, params: board, status: 200 });
      const token = link.token as string;
      await answer({ method: 'get', path: '/api/dashboard-share/view', token, status: 200 });
      await answer({ method: 'get', path: '/api/dashboard-share/values', token, status: 200 });
      const shared = (widgetId: string) => ({ token, params: { widgetId }, status: 200 });
      await answer({ method: 'get', path: '/api/dashboard-share/widgets/{widgetId}/chart', ...shared('chart') });
      await answer({ method: 'get', path: '/api/dashboard-share/widgets/{widgetId}/alarms', ...shared('alarms') });
      await answer({ method: 'delete', path: `${links}/{linkId}`, params: { ...board, linkId: link.id as string }, status: 200 });
      await answer({ method: 'delete', path: '/api/dashboards/{appId}/{id}', params: board, status: 200 });
    }));

  it('answers the event-setting calls as documented', () =>
    checkSequence(async (answer) => {
      const app = { appId: DEMO_APP };
      const base = '/api/system-events-api/{appId}/event-settings';
      const settings = defaultRuleSettings();
      const body = {
        ...settings,
        name: 'Contract rule',
        conditions: { ...settings.conditions, allDevices: true, field: 'temperature', triggerRanges: [{ min: 30, max: null }] },
      };
      const rule = await answer({ method: 'post', path: base, params: app, body, status: 201 });
      const oneRule = { ...app, id: rule.id as string };
      await answer({ method: 'put', path: `${base}/{id}`, params: oneRule, body: { ...body, enabled: false }, status: 200 });
      await answer({ method: 'get', path: `${base}/{id}`, params: oneRule, status: 200 });
      await answer({ method: 'get', path: base, params: app, status: 200 });
      await answer({ method: 'get', path: `${base}/devices`, params: app, status: 200 });
    }));

  it('answers the timer-mission calls as documented', () =>
    checkSequence(async (answer) => {
      const app = { appId: DEMO_APP };
      const base = '/api/system-events-api/timer-mission-setting/{appId}';
      const devices = await answer({ method: 'get', path: `${base}/list-device/`, params: app, status: 200 });
      const device = (devices as { itemName: string; dataSource: { commands: { id: string }[] } }[]).find(
        (row) => row.dataSource.commands.length > 0,
      )!;
      const mission = {
        ...defaultMissionSettings(new Date().toISOString().slice(0, 10)),
        missionName: 'Contract mission',
        actions: [{ actionType: 'Device', deviceName: device.itemName, commandId: device.dataSource.commands[0]!.id }],
      };
      const check = { timerMission: { ...mission, missionName: '' }, checkComplete: true };
      await answer({ method: 'post', path: `${base}/validate/{id}`, params: { ...app, id: 'new' }, body: check, status: 200 });
      const created = await answer({ method: 'post', path: `${base}/create/`, params: app, body: mission, status: 200 });
      const one = { ...app, id: created.id as string };
      await answer({
        method: 'put',
        path: `${base}/update/{id}`,
        params: one,
        body: { ...mission, desc: 'Mornings' },
        status: 200,
      });
      await answer({ method: 'put', path: `${base}/switch/{id}`, params: one, body: { isEnabled: false }, status: 200 });
      await answer({ method: 'get', path: `${base}/list/`, params: app, status: 200 });
      await answer({ method: 'get', path: `${base}/runs/{id}`, params: one, status: 200 });
      const settings = await answer({ method: 'get', path: `${base}/schedule-settings/`, params: app, status: 200 });
      await answer({ method: 'put', path: `${base}/schedule-settings/`, params: app, body: settings, status: 200 });
      const ics =
        'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261225\r\nSUMMARY:Christmas\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
      await answer({ method: 'post', path: `${base}/schedule-settings/ics`, params: app, body: { ics }, status: 200 });
      await answer({ method: 'delete', path: `${base}/delete/{id}`, params: one, status: 200 });
    }));

  it('answers the gateway calls as documented', () =>
    checkSequence(async (answer) => {
      const gateway = {
        action: 'add',
        type: 'ttn',
        name: 'Contract Gateway',
        gatewayId: 'AA555AFFFE0C0FFE',
        description: '',
        remark: '',
      };
      const added = await answer({ method: 'post', path: '/api/chirpstack/updateGateway/', body: gateway, status: 200 });
      const edit = { ...gateway, action: 'edit', id: added.id as string, remark: 'roof' };
      await answer({ method: 'post', path: '/api/chirpstack/updateGateway/', body: edit, status: 200 });
      await answer({ method: 'post', path: '/api/chirpstack/getGatewayById', body: { id: edit.id }, status: 200 });
      const taken = { gatewayId: gateway.gatewayId };
      await answer({ method: 'post', path: '/api/chirpstack/checkByGatewayId', body: taken, status: 200 });
      await answer({ method: 'get', path: '/api/chirpstack/getAllGateway/', status: 200 });
      await answer({ method: 'post', path: '/api/chirpstack/deleteGatewayByid', body: { id: edit.id }, status: 200 });
    }));

  it('answers the project wizard calls as documented', () =>
    checkSequence(async (answer) => {
      const templates = await answer({ method: 'get', path: '/api/project/templates', status: 200 });
      await answer({ method: 'get', path: '/api/project/templates/tags', status: 200 });
      const templateId = (templates as { id: string }[])[0]!.id;
      await answer({ method: 'get', path: '/api/project/templates/{id}', params: { id: templateId }, status: 200 });
      const project = {
        startInfo: 'use-template',
        templateId,
        projectName: 'Contract Project',
        locationType: 'single',
        buildingName: 'Contract House',
        address: '1 Contract Road',
        endCustomerId: 'end_default',
      };
      await answer({ method: 'post', path: '/api/project', body: project, status: 201 });
    }));

  it('answers the application and end-customer calls as documented, the logo upload too', () =>
    checkSequence(async (answer) => {
      await answer({ method: 'get', path: '/api/application/', status: 200 });
      await answer({ method: 'get', path: '/api/system-events-api/system-events/summary/', status: 200 });
      await answer({ method: 'get', path: '/api/customer/end-customer-list/', status: 200 });
      const customer = await answer({
        method: 'post',
        path: '/api/customer/end-customer/',
        body: { name: 'Contract Customer' },
        status: 201,
      });
      const customerId = { id: customer.id as string };
      const renamed = { name: 'Contract Customer Ltd' };
      await answer({ method: 'patch', path: '/api/customer/end-customer/{id}', params: customerId, body: renamed, status: 200 });
      await answer({ method: 'post', path: '/api/application/check/', body: { id: 'contract_app' }, status: 200 });
      const newApp = { id: 'contract_app', name: 'Contract App', endCustomerId: customerId.id };
      await answer({ method: 'post', path: '/api/application/new/', body: newApp, status: 201 });
      const app = { id: newApp.id };
      await answer({ method: 'get', path: '/api/application/{id}', params: app, status: 200 });
      const change = { description: 'Checked against the document', setting: { severitySettingEnable: true } };
      await answer({ method: 'patch', path: '/api/application/{id}', params: app, body: change, status: 200 });
      await expectPngUploadAsDocumented('/api/application/{id}/logo', app, 'logo');
      await answer({ method: 'delete', path: '/api/application/{id}/logo', params: app, status: 200 });
      await answer({ method: 'delete', path: '/api/application/{id}/', params: app, status: 204 });
      await answer({ method: 'delete', path: '/api/customer/end-customer/{id}', params: customerId, status: 204 });
    }));

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
