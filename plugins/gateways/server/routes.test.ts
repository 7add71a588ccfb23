import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogToken, OrganisationDirectoryToken } from '@sensorium/core/server';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import { valveItemBody } from '../../../host/server/testing/valve-item';
import { startChirpStackStandIn, type ChirpStackStandIn } from '../../../tests/support/chirpstack-stand-in';
import { startTtsStandIn, type TtsStandIn } from '../../../tests/support/tts-stand-in';
import applications from '../../applications/server';
import chirpstack from '../../chirpstack/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import ttn from '../../ttn/server';
import gateways from './index';

const add = (body: Record<string, unknown>) => ({ action: 'add', description: '', remark: '', ...body });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `read` again every 200 ms until `done` holds of its answer (10 s at most); answers the last one. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let attempt = 0; attempt < 50 && !done(value); attempt++) {
    await pause(200);
    value = await read();
  }
  return value;
}

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
    // The status job reads last seen every second here (60 s by default), and MQTT sightings are written every second.
    process.env.GATEWAYS_STATUS_INTERVAL_SECONDS = '1';
    process.env.GATEWAYS_LAST_SEEN_FLUSH_SECONDS = '1';
    server = await startTestServer({
      backend,
      plugins: [applications, nodes, devicePipeline, events, chirpstack, ttn, gateways],
      outboundAllow: ['127.0.0.1'],
      mqtt: true,
    });
    delete process.env.GATEWAYS_STATUS_INTERVAL_SECONDS;
    delete process.env.GATEWAYS_LAST_SEEN_FLUSH_SECONDS;
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

  it('audits an edit and a delete with the old and new values', async () => {
    const added = await server.request('POST', '/api/chirpstack/updateGateway/', {
      token: orgAdmin,
      body: add({ name: 'Silo', gatewayId: '0016C0FFFE00EEEE', remark: 'east' }),
    });
    await server.request('POST', '/api/chirpstack/updateGateway/', {
      token: orgAdmin,
      body: { action: 'edit', id: added.body.id, name: 'Silo West', gatewayId: '0016C0FFFE00EEEE', remark: 'east' },
    });
    await server.request('POST', '/api/chirpstack/deleteGatewayByid', { token: orgAdmin, body: { id: added.body.id } });
    const { records } = await server.running.resolve(AuditLogToken).list({ limit: 20, offset: 0, keyword: added.body.id });
    const changesOf = (action: string) => records.find((record) => record.action.includes(action))?.detail?.changes;
    expect(changesOf('updateGateway')).toEqual(expect.arrayContaining([{ field: 'name', old: 'Silo', new: 'Silo West' }]));
    expect(changesOf('deleteGateway')).toEqual(
      expect.arrayContaining([
        { field: 'name', old: 'Silo West' },
        { field: 'remark', old: 'east' },
      ]),
    );
  });

  describe('over MQTT', () => {
    let device: MqttClient;
    const gatewayList = async () =>
      (await server.request('GET', '/api/chirpstack/getAllGateway/', { token: admin })).body as {
        id: string;
        gatewayId: string;
        status: string;
        latest_package_update: string | null;
      }[];
    const lastSeenOf = async (gatewayId: string) =>
      (await gatewayList()).find((gateway) => gateway.gatewayId === gatewayId)?.latest_package_update ?? null;
    const addOperatorGateway = async (name: string, gatewayId: string, type = 'chirpstack') => {
      const added = await server.request('POST', '/api/chirpstack/updateGateway/', {
        token: admin,
        body: add({ name, gatewayId, type }),
      });
      expect(added.body).toMatchObject({ synced: false, status: 'never-seen' });
      return added.body as { id: string };
    };

    beforeAll(async () => {
      device = await connectAsync(server.mqtt!.url, {
        clientId: `gw-test-${randomUUID().slice(0, 8)}`,
        username: server.mqtt!.username,
        password: server.mqtt!.password,
      });
    });
    afterAll(async () => {
      await device?.endAsync(true);
    });

    it('takes last seen from ChirpStack gateway stats and from the receivers of ChirpStack and TTS uplinks', async () => {
      await addOperatorGateway('Stats', '0016C0FFFE00C001');
      await addOperatorGateway('Receiver', '0016C0FFFE00C002');
      await addOperatorGateway('Pier', 'B827EBFFFE00C003', 'ttn');
      const before = Date.now();
      // The gateway bridge's default encoding is protobuf: only the topic is read.
      await device.publishAsync('eu868/gateway/0016c0fffe00c001/event/stats', Buffer.from([0x0a, 0x08, 0x00, 0x16]), { qos: 1 });
      const uplinkTime = new Date(Date.now() - 5_000).toISOString();
      await device.publishAsync(
        'application/app-1/device/a84041000181c61d/event/up',
        JSON.stringify({
          deduplicationId: randomUUID(),
          time: uplinkTime,
          deviceInfo: { applicationId: 'app-1', devEui: 'a84041000181c61d' },
          fCnt: 1,
          object: { temperature: 20 },
          rxInfo: [{ gatewayId: '0016c0fffe00c002', rssi: -80, snr: 7 }],
        }),
        { qos: 1 },
      );
      const ttsTime = new Date(Date.now() - 3_000).toISOString();
      await device.publishAsync(
        'v3/pier@ttn/devices/level-1/up',
        JSON.stringify({
          end_device_ids: { device_id: 'level-1', application_ids: { application_id: 'pier' } },
          received_at: ttsTime,
          uplink_message: {
            f_cnt: 4,
            decoded_payload: { level: 2 },
            rx_metadata: [{ gateway_ids: { gateway_id: 'eui-b827ebfffe00c003' }, rssi: -90 }],
          },
        }),
        { qos: 1 },
      );
      await until(
        () => lastSeenOf('B827EBFFFE00C003'),
        (seen) => seen !== null,
      );
      const stats = await until(
        () => lastSeenOf('0016C0FFFE00C001'),
        (seen) => seen !== null,
      );
      expect(Date.parse(stats!)).toBeGreaterThanOrEqual(before - 1000);
      expect(await lastSeenOf('0016C0FFFE00C002')).toBe(uplinkTime);
      expect(await lastSeenOf('B827EBFFFE00C003')).toBe(ttsTime);
      const list = await gatewayList();
      expect(list.filter((gateway) => gateway.gatewayId.includes('00C00')).map((gateway) => gateway.status)).toEqual([
        'online',
        'online',
        'online',
      ]);
    });

    it('raises an event when a gateway goes offline, visible in the event list, and clears it when it is heard again', async () => {
      const appId = `gw_events_${backend}`;
      await createTestApplication(server, admin, { id: appId, name: 'Gateway Events' });
      const item = await server.request('POST', `/api/node-structure-item/${appId}/items`, {
        token: admin,
        body: valveItemBody('a84041000181c6ff', 'app-1'),
      });
      expect(item.status).toBeLessThan(300);
      const mast = await addOperatorGateway('Mast', '0016C0FFFE00D001');
      const events = async () =>
        (await server.request('GET', `/api/system-events-api/${appId}/events`, { token: admin })).body as {
          rows: {
            id: string;
            eventType: string;
            itemName: string;
            isCleared: boolean;
            resumeStatus: string | null;
            severity: number;
          }[];
        };
      // Its last stats (JSON) were sent 20 minutes ago: past the offline age.
      const silent = new Date(Date.now() - 20 * 60_000).toISOString();
      await device.publishAsync('eu868/gateway/0016c0fffe00d001/event/stats', JSON.stringify({ time: silent }), { qos: 1 });
      const raised = await until(events, (answer) => answer.rows.some((row) => row.eventType === 'gateway'));
      expect(raised.rows).toEqual([
        expect.objectContaining({ eventType: 'gateway', itemName: 'Mast', isCleared: false, severity: 3 }),
      ]);
      expect((await gatewayList()).find((gateway) => gateway.id === mast.id)?.status).toBe('offline');

      // Later runs find it offline already: still one event.
      await pause(1500);
      expect((await events()).rows).toHaveLength(1);

      await device.publishAsync(
        'eu868/gateway/0016c0fffe00d001/event/stats',
        JSON.stringify({ time: new Date().toISOString() }),
        {
          qos: 1,
        },
      );
      const cleared = await until(events, (answer) => answer.rows.every((row) => row.isCleared));
      expect(cleared.rows).toEqual([expect.objectContaining({ itemName: 'Mast', isCleared: true, resumeStatus: 'online' })]);
      const detail = await server.request('GET', `/api/system-events-api/${appId}/events/${cleared.rows[0]!.id}`, {
        token: admin,
      });
      expect(detail.body.history.map((step: { kind: string }) => step.kind)).toEqual(['created', 'updated', 'auto-cleared']);
    });
  });

  it('is closed to end customers and to callers without a session', async () => {
    const customer = await server.loginAs({ username: 'gw_customer', level: 'end-customer', organisationId: orgId });
    expect((await server.request('GET', '/api/chirpstack/getAllGateway/', { token: customer })).status).toBe(403);
    expect((await server.request('GET', '/api/chirpstack/getAllGateway/')).status).toBe(401);
  });
});

describe.each(databaseBackends())('gateways without the ChirpStack plugin on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline, events, ttn, gateways] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps a ChirpStack gateway in the console only', async () => {
    const { access_token: admin } = await server.login();
    const added = await server.request('POST', '/api/chirpstack/updateGateway/', {
      token: admin,
      body: add({ name: 'Lone', gatewayId: '0016C0FFFE00F001' }),
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ type: 'chirpstack', synced: false });
    const edited = await server.request('POST', '/api/chirpstack/updateGateway/', {
      token: admin,
      body: { action: 'edit', id: added.body.id, name: 'Lone 2', gatewayId: '0016C0FFFE00F001' },
    });
    expect(edited.body).toMatchObject({ name: 'Lone 2', synced: false });
    const deleted = await server.request('POST', '/api/chirpstack/deleteGatewayByid', {
      token: admin,
      body: { id: added.body.id },
    });
    expect(deleted.body).toEqual({ success: true, name: 'Lone 2' });
  });
});
