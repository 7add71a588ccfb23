import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogToken } from '@sensorium/core/server';
import { DeviceProfileCatalogToken } from '@sensorium/nodes/common';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import notifications from '../../notifications/server';
import publicAlert from '../../public-alert/server';
import { SAMPLE_PAYLOADS, SCRIPT_MAX_CHARS } from '../common';
import plugin from './index';

const APP = 'adapter_app';
const DECODE =
  'function decode(input) {\n  return { fields: { temperature: ((input.bytes[0] << 8) | input.bytes[1]) / 10 } };\n}\n';
const DECODE_V2 = 'function decode(input) {\n  return { fields: { humidity: input.bytes[2] } };\n}\n';

describe.each(databaseBackends())('adapters API on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let itemUuid: string;
  let profileUuid: string;
  const api = (path: string, appId = APP) => `/api/adapters/${appId}/${path}`;
  const send = (method: string, path: string, body?: unknown, token = admin) => server.request(method, path, { token, body });
  const itemTarget = () => ({ targetKind: 'item', targetId: itemUuid });

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      plugins: [applications, nodes, devicePipeline, events, publicAlert, notifications, plugin],
    });
    admin = (await server.login()).access_token;
    await createTestApplication(server, admin, { id: APP, name: 'Adapters' });
    const item = await send('POST', `/api/node-structure-item/${APP}/items`, {
      parentName: 'root',
      newItem: { itemType: 'item', itemName: 'th-1', dataSource: { type: 'chirpstack', deviceEUI: 'A84041000181C6CC' } },
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    itemUuid = item.body.uuid;
    const profile = await server.running.resolve(DeviceProfileCatalogToken).create({
      deviceProfileName: 'Adapter test profile',
      sensorBrand: 'Test',
      sensorModel: 'T-1',
      subType: '',
      dataSource: 'lora',
      commands: [],
      outputSimpleDefault: {},
      outputConfig: {},
      deviceExtraInfoSetting: [],
    });
    profileUuid = profile!.uuid;
  });
  afterAll(() => server?.close());

  it('lists the application’s devices and, for a cloud user, the device profiles as targets', async () => {
    const targets = await send('GET', api('targets'));
    expect(targets.status).toBe(200);
    expect(targets.body.items).toEqual([{ kind: 'item', id: itemUuid, name: 'th-1', hasScript: false }]);
    expect(targets.body.profiles).toContainEqual({
      kind: 'profile',
      id: profileUuid,
      name: 'Adapter test profile',
      hasScript: false,
    });
  });

  it('saves every change as a new version with its author, and rolls back as a new version', async () => {
    const none = await send('GET', `${api('script')}?targetKind=item&targetId=${itemUuid}`);
    expect(none.body).toEqual({ script: null, versions: [] });

    const first = await send('POST', api('script'), { ...itemTarget(), source: DECODE });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.script).toMatchObject({ currentVersion: 1, source: DECODE, targetName: 'th-1', appId: APP });
    const second = await send('POST', api('script'), { ...itemTarget(), source: DECODE_V2 });
    expect(second.body.script.currentVersion).toBe(2);
    expect(second.body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(second.body.versions[0]).toMatchObject({ source: DECODE_V2, authorName: expect.any(String), restoredFrom: null });

    const rolledBack = await send('POST', api('script/rollback'), { ...itemTarget(), version: 1 });
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body.script).toMatchObject({ currentVersion: 3, source: DECODE });
    expect(rolledBack.body.versions[0]).toMatchObject({ version: 3, restoredFrom: 1 });

    const read = await send('GET', `${api('script')}?targetKind=item&targetId=${itemUuid}`);
    expect(read.body.script.currentVersion).toBe(3);
    expect((await send('GET', api('targets'))).body.items[0].hasScript).toBe(true);

    const { records } = await server.running.resolve(AuditLogToken).list({ limit: 20, offset: 0 });
    expect(records.map((record) => record.action)).toEqual(
      expect.arrayContaining(['adapters.script.save', 'adapters.script.rollback']),
    );
  });

  it('refuses a syntax error naming its line, a script too long, an unknown target and version, changing nothing', async () => {
    const syntax = await send('POST', api('script'), {
      ...itemTarget(),
      source: 'function decode(input) {\n  return { fields: { a: } };\n}',
    });
    expect(syntax.status).toBe(400);
    expect(syntax.body).toMatchObject({ field: 'source' });
    expect(syntax.body.message).toMatch(/^Line 2: SyntaxError/);

    const noDecode = await send('POST', api('script'), { ...itemTarget(), source: 'const x = 1;' });
    expect(noDecode.body).toMatchObject({ field: 'source', message: 'The script must declare a decode(input) function.' });

    const tooLong = await send('POST', api('script'), { ...itemTarget(), source: 'x'.repeat(SCRIPT_MAX_CHARS + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ field: 'source' });

    const unknown = await send('POST', api('script'), { targetKind: 'item', targetId: crypto.randomUUID(), source: DECODE });
    expect(unknown.body).toMatchObject({
      statusCode: 400,
      field: 'targetId',
      message: 'There is no such device or device profile.',
    });

    const version = await send('POST', api('script/rollback'), { ...itemTarget(), version: 99 });
    expect(version.body).toMatchObject({ statusCode: 400, field: 'version' });

    const chinese = await server.request('POST', api('script'), {
      token: admin,
      body: { targetKind: 'item', targetId: crypto.randomUUID(), source: DECODE },
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(chinese.body.message).toBe('沒有此裝置或裝置設定檔。');

    const read = await send('GET', `${api('script')}?targetKind=item&targetId=${itemUuid}`);
    expect(read.body.script.currentVersion).toBe(3);
  });

  it('runs a test in the sandbox: fields from a ChirpStack sample, console lines, errors with their line', async () => {
    const run = await send('POST', api('test'), {
      source: `function decode(input) {\n  console.log('port', input.fPort);\n  sendEmail('ops@example.com', 'Hi', 'Test');\n  return { fields: { temperature: ((input.bytes[0] << 8) | input.bytes[1]) / 10, humidity: input.bytes[2] } };\n}`,
      fn: 'decode',
      sampleSource: 'chirpstack',
      payload: SAMPLE_PAYLOADS.chirpstack,
    });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toMatchObject({
      fields: { temperature: 21.5, humidity: 65 },
      logs: ['port 2'],
      error: null,
      helperCalls: [{ helper: 'sendEmail', to: 'ops@example.com', subject: 'Hi', text: 'Test' }],
    });
    const tts = await send('POST', api('test'), {
      source: DECODE,
      fn: 'decode',
      sampleSource: 'ttn',
      payload: SAMPLE_PAYLOADS.ttn,
    });
    expect(tts.body.fields).toEqual({ temperature: 21.5 });

    const failing = await send('POST', api('test'), {
      source: 'function decode(input) {\n  const nothing = null;\n  return nothing.fields;\n}',
      fn: 'decode',
      sampleSource: 'json',
      payload: SAMPLE_PAYLOADS.json,
    });
    expect(failing.body.error).toMatchObject({ kind: 'runtime', line: 3 });

    const encode = await send('POST', api('test'), {
      source: `${DECODE}function encode(command) { return { fPort: 3, bytes: [command.on ? 1 : 0] }; }`,
      fn: 'encode',
      sampleSource: 'json',
      payload: '{"on": true}',
    });
    expect(encode.body.output).toEqual({ fPort: 3, bytes: [1] });

    const notJson = await send('POST', api('test'), { source: DECODE, fn: 'decode', sampleSource: 'json', payload: '{oops' });
    expect(notJson.body).toMatchObject({ statusCode: 400, field: 'payload' });
  });

  it('lets only cloud users script a device profile', async () => {
    const saved = await send('POST', api('script'), { targetKind: 'profile', targetId: profileUuid, source: DECODE });
    expect(saved.status).toBe(200);
    expect(saved.body.script).toMatchObject({ targetKind: 'profile', appId: null, targetName: 'Adapter test profile' });

    const integrator = await server.loginAs({
      username: 'adapter-integrator',
      level: 'si-customer',
      organisationId: 'org_adapters',
      permissions: ['nodemanagement', 'setting', 'useredit'],
    });
    const customer = await send('POST', '/api/customer/end-customer/', { name: 'Harbour' }, integrator);
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    await createTestApplication(server, integrator, { id: 'adapter_org', name: 'Org app', endCustomerId: customer.body.id });
    const refused = await send(
      'POST',
      api('script', 'adapter_org'),
      { targetKind: 'profile', targetId: profileUuid, source: DECODE },
      integrator,
    );
    expect(refused.status).toBe(403);
    expect((await send('GET', api('targets', 'adapter_org'), undefined, integrator)).body.profiles).toEqual([]);
    // Another organisation's application does not exist for it, nor its items.
    expect((await send('GET', api('targets'), undefined, integrator)).status).toBe(404);
    const foreign = await send('POST', api('script', 'adapter_org'), { ...itemTarget(), source: DECODE }, integrator);
    expect(foreign.body).toMatchObject({ statusCode: 400, field: 'targetId' });
  });

  it('refuses users without node management and end customers', async () => {
    const viewer = await server.loginAs({ username: 'adapter-viewer', level: 'cloud', permissions: ['setting'] });
    // A cloud user holds every permission; a group without nodemanagement is an integrator's.
    const integratorViewer = await server.loginAs({
      username: 'adapter-no-nodes',
      level: 'si-customer',
      organisationId: 'org_adapters',
      permissions: ['setting'],
    });
    expect((await send('GET', api('targets', 'adapter_org'), undefined, integratorViewer)).status).toBe(403);
    expect((await send('GET', api('targets'), undefined, viewer)).status).toBe(200);
    const endUser = await server.loginAs({ username: 'adapter-end', level: 'end-customer', permissions: ['nodemanagement'] });
    expect((await send('GET', api('targets'), undefined, endUser)).status).toBe(403);
    expect((await server.request('GET', api('targets'))).status).toBe(401);
  });

  it('removes a script with its versions', async () => {
    const removed = await send('DELETE', `${api('script')}?targetKind=item&targetId=${itemUuid}`);
    expect(removed.status).toBe(200);
    expect((await send('GET', `${api('script')}?targetKind=item&targetId=${itemUuid}`)).body).toEqual({
      script: null,
      versions: [],
    });
    const again = await send('DELETE', `${api('script')}?targetKind=item&targetId=${itemUuid}`);
    expect(again.status).toBe(404);
  });
});

describe('adapters API without the IoT licence', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      licences: 'dashboard',
      plugins: [applications, nodes, devicePipeline, events, publicAlert, notifications, plugin],
    });
  });
  afterAll(() => server?.close());

  it('does not exist', async () => {
    const admin = (await server.login()).access_token;
    expect((await server.request('GET', '/api/adapters/any/targets', { token: admin })).status).toBe(404);
  });
});
