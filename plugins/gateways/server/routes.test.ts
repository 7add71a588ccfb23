import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogToken, OrganisationDirectoryToken } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import { startChirpStackStandIn, type ChirpStackStandIn } from '../../../tests/support/chirpstack-stand-in';
import { startTtsStandIn, type TtsStandIn } from '../../../tests/support/tts-stand-in';
import applications from '../../applications/server';
import chirpstack from '../../chirpstack/server';
import nodes from '../../nodes/server';
import ttn from '../../ttn/server';
import gateways from './index';

const add = (body: Record<string, unknown>) => ({ action: 'add', description: '', remark: '', ...body });

// Each backend (PGlite always; PostgreSQL when DATABASE_URL is set) starts a real server with the plugins gateways need.
describe.each(databaseBackends())('gateways API on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let orgAdmin: string;
  let stranger: string;
  let orgId: string;
  let cs: ChirpStackStandIn;
  let tts: TtsStandIn;

  beforeAll(async () => {
    [cs, tts] = await Promise.all([startChirpStackStandIn(), startTtsStandIn()]);
    // The status job reads last seen every second here (60 s by default).
    process.env.GATEWAYS_STATUS_INTERVAL_SECONDS = '1';
    server = await startTestServer({
      backend,
      plugins: [applications, nodes, chirpstack, ttn, gateways],
      outboundAllow: ['127.0.0.1'],
    });
    delete process.env.GATEWAYS_STATUS_INTERVAL_SECONDS;
    admin = (await server.login()).access_token;
    const organisations = server.running.container.resolve(OrganisationDirectoryToken);
    const organisation = async (name: string) =>
      (await organisations.create({ name, size: '', role: '', endCustomerId: null })).id;
    orgId = await organisation('Gateway Org');
    orgAdmin = await server.loginAs({ username: 'gw_org_admin', organisationId: orgId, permissions: ['setting'] });
    const otherId = await organisation('Other Org');
    stranger = await server.loginAs({ username: 'gw_stranger', organisationId: otherId, permissions: ['setting'] });
    // The organisation's own network server settings (Organisation Settings), pointing at the stand-ins.
    for (const [path, apiUrl, secret] of [
      ['chirpstack', cs.url, cs.token],
      ['ttn', tts.url, tts.apiKey],
    ] as const) {
      const saved = await server.request('PUT', `/api/${path}/server-settings`, { token: orgAdmin, body: { apiUrl, secret } });
      expect(saved.status).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([cs?.close(), tts?.close()]);
  });

  it('adds, edits and deletes a ChirpStack gateway there too, and checks duplicates', async () => {
    const added = await server.request('POST', '/api/chirpstack/updateGateway/', {
      token: orgAdmin,
      body: add({ name: 'Roof', gatewayId: 'aa555afffe012345', remark: 'north' }),
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ name: 'Roof', type: 'chirpstack', gatewayId: 'AA555AFFFE012345', synced: true });
    expect(cs.gateways.get('aa555afffe012345')).toMatchObject({ name: 'Roof', tenantId: cs.tenantId });

    const check = await server.request('POST', '/api/chirpstack/checkByGatewayId', {
      token: orgAdmin,
      body: { gatewayId: 'AA555AFFFE012345' },
    });
    expect(check.body).toEqual({ success: true });
    const again = await server.request('POST', '/api/chirpstack/updateGateway/', {
      token: orgAdmin,
      body: add({ name: 'Roof 2', gatewayId: 'AA555AFFFE012345' }),
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ field: 'gatewayId', message: 'That Gateway Id is taken. Try another.' });

    const edited = await server.request('POST', '/api/chirpstack/updateGateway/', {
      token: orgAdmin,
      body: { action: 'edit', id: added.body.id, name: 'Roof East', gatewayId: 'FFFFFFFFFE000000', type: 'chirpstack' },
    });
    expect(edited.status).toBe(200);
    // The gateway id is read-only once added.
    expect(edited.body).toMatchObject({ name: 'Roof East', gatewayId: 'AA555AFFFE012345' });
    expect(cs.gateways.get('aa555afffe012345')).toMatchObject({ name: 'Roof East', tenantId: cs.tenantId });

    const loaded = await server.request('POST', '/api/chirpstack/getGatewayById', {
      token: orgAdmin,
      body: { id: added.body.id },
    });
    expect(loaded.body).toMatchObject({ name: 'Roof East', remark: '', status: 'never-seen' });

    const deleted = await server.request('POST', '/api/chirpstack/deleteGatewayByid', {
      token: orgAdmin,
      body: { id: added.body.id },
    });
    expect(deleted.status).toBe(200);
    expect(cs.gateways.has('aa555afffe012345')).toBe(false);
    const list = await server.request('GET', '/api/chirpstack/getAllGateway/', { token: orgAdmin });
    expect(list.body).toEqual([]);
  });

  it('keeps a TTN gateway at The Things Stack under the API key’s user', async () => {
    const added = await server.request('POST', '/api/chirpstack/updateGateway/', {
      token: orgAdmin,
      body: add({ name: 'Pier', type: 'ttn', gatewayId: 'B827EBFFFE61C12A' }),
    });
    expect(added.status).toBe(200);
    expect(tts.gateways.get('eui-b827ebfffe61c12a')).toMatchObject({
      owner: `users/${tts.userId}`,
      name: 'Pier',
      ids: { eui: 'B827EBFFFE61C12A' },
    });
    await server.request('POST', '/api/chirpstack/updateGateway/', {
      token: orgAdmin,
      body: {
        action: 'edit',
        id: added.body.id,
        type: 'ttn',
        name: 'Pier West',
        gatewayId: 'B827EBFFFE61C12A',
        description: 'mast',
      },
    });
    expect(tts.gateways.get('eui-b827ebfffe61c12a')).toMatchObject({ name: 'Pier West', description: 'mast' });
    await server.request('POST', '/api/chirpstack/deleteGatewayByid', { token: orgAdmin, body: { id: added.body.id } });
    expect(tts.gateways.size).toBe(0);
  });

  it('refuses bad input with the spec’s texts, naming the field, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '', gatewayId: 'AA555AFFFE012345' }, 'name', 'Name is required.'],
      [{ name: 'X', gatewayId: '' }, 'gatewayId', 'Gateway ID is required.'],
      [{ name: 'X', gatewayId: 'AA555A00FE012345' }, 'gatewayId', 'Please entry vaild gateway id.'],
      [{ name: 'X', gatewayId: 'AA555AFFFE012345', type: 'lora' }, 'type', 'The type must be chirpstack or ttn.'],
    ];
    for (const [body, field, message] of cases) {
      const refused = await server.request('POST', '/api/chirpstack/updateGateway/', { token: orgAdmin, body: add(body) });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ field, message });
    }
    const chinese = await server.request('POST', '/api/chirpstack/updateGateway/', {
      token: orgAdmin,
      headers: { 'accept-language': 'zh-HK' },
      body: add({ name: '', gatewayId: 'AA555AFFFE012345' }),
    });
    expect(chinese.body.message).toBe('名稱為必填。');
    expect(cs.gateways.size).toBe(0);
  });

  it('keeps tenants apart: another organisation’s gateway answers 404 and is not listed', async () => {
    const added = await server.request('POST', '/api/chirpstack/updateGateway/', {
      token: orgAdmin,
      body: add({ name: 'Mine', gatewayId: '0016C0FFFE001122' }),
    });
    const seen = await server.request('POST', '/api/chirpstack/getGatewayById', { token: stranger, body: { id: added.body.id } });
    expect(seen.status).toBe(404);
    const removed = await server.request('POST', '/api/chirpstack/deleteGatewayByid', {
      token: stranger,
      body: { id: added.body.id },
    });
    expect(removed.status).toBe(404);
    expect((await server.request('GET', '/api/chirpstack/getAllGateway/', { token: stranger })).body).toEqual([]);
    // The stranger's organisation has no network server settings: its gateway is kept in the console only.
    const own = await server.request('POST', '/api/chirpstack/updateGateway/', {
      token: stranger,
      body: add({ name: 'Theirs', gatewayId: '0016C0FFFE001122' }),
    });
    expect(own.body).toMatchObject({ synced: false });
    // The operator (cloud) sees both.
    const all = await server.request('GET', '/api/chirpstack/getAllGateway/', { token: admin });
    expect(all.body.map((gateway: { name: string }) => gateway.name)).toEqual(['Mine', 'Theirs']);
    for (const gateway of all.body) {
      await server.request('POST', '/api/chirpstack/deleteGatewayByid', { token: admin, body: { id: gateway.id } });
    }
  });

  it('reads last seen from ChirpStack, and records a gateway going offline once', async () => {
    const online = await server.request('POST', '/api/chirpstack/updateGateway/', {
      token: orgAdmin,
      body: add({ name: 'Alive', gatewayId: '0016C0FFFE00AAAA' }),
    });
    const quiet = await server.request('POST', '/api/chirpstack/updateGateway/', {
      token: orgAdmin,
      body: add({ name: 'Quiet', gatewayId: '0016C0FFFE00BBBB' }),
    });
    const recent = new Date(Date.now() - 30_000).toISOString();
    cs.lastSeen.set('0016c0fffe00aaaa', recent);
    cs.lastSeen.set('0016c0fffe00bbbb', new Date(Date.now() - 20 * 60_000).toISOString());

    let list: { id: string; status: string; latest_package_update: string | null }[] = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      list = (await server.request('GET', '/api/chirpstack/getAllGateway/', { token: orgAdmin })).body;
      if (list.every((gateway) => gateway.latest_package_update)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(list.find((gateway) => gateway.id === online.body.id)).toMatchObject({
      status: 'online',
      latest_package_update: recent,
    });
    expect(list.find((gateway) => gateway.id === quiet.body.id)).toMatchObject({ status: 'offline' });

    const auditLog = server.running.resolve(AuditLogToken);
    const offlineRecords = async () =>
      (await auditLog.list({ limit: 50, offset: 0, keyword: 'gateways.offline' })).records.filter(
        (record) => record.action === 'gateways.offline',
      );
    for (let attempt = 0; attempt < 50 && (await offlineRecords()).length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Later runs find it offline already: still one record, with no user.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const records = await offlineRecords();
    expect(records.map((record) => [record.target, record.userId])).toEqual([['Quiet', null]]);
  });

  it('is closed to end customers and to callers without a session', async () => {
    const customer = await server.loginAs({ username: 'gw_customer', level: 'end-customer', organisationId: orgId });
    expect((await server.request('GET', '/api/chirpstack/getAllGateway/', { token: customer })).status).toBe(403);
    expect((await server.request('GET', '/api/chirpstack/getAllGateway/')).status).toBe(401);
  });
});
