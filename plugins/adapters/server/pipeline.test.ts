import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, DataSourceSinkToken, MailerToken, queryRows, type Uplink } from '@sensorium/core/server';
import { DeviceProfileCatalogToken, type Item } from '@sensorium/nodes/common';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import type { NotificationHistoryPage } from '../../notifications/common';
import notifications from '../../notifications/server';
import { startProviderStandIn, type ProviderStandIn } from '../../notifications/server/providers/provider-stand-in.fixture';
import publicAlert from '../../public-alert/server';
import plugin from './index';

const APP = 'adapter_pipe';
/** An application of its own for the helper limit's test, so the other tests' calls do not count against it. */
const BURST_APP = 'adapter_burst';
const BYTES_DECODER =
  'function decode(input) {\n  return { fields: { temperature: ((input.bytes[0] << 8) | input.bytes[1]) / 10, humidity: input.bytes[2] } };\n}\n';

describe.each(databaseBackends())('adapter scripts in the device pipeline on %s', (backend) => {
  let server: TestServer;
  let standIn: ProviderStandIn;
  let admin: string;
  let counter = 0;
  const send = (method: string, path: string, body?: unknown) => server.request(method, path, { token: admin, body });
  const ingest = (deviceId: string, bytes: number[], object: Record<string, unknown> = {}) => {
    const key = `adapter-${++counter}`;
    const uplink: Uplink = {
      source: 'chirpstack',
      deviceId,
      dedupKey: key,
      receivedAt: new Date(Date.now() - 60_000 + counter * 100),
      fields: object,
      raw: { deduplicationId: key, fPort: 2, data: Buffer.from(bytes).toString('base64'), object },
    };
    return server.running.resolve(DataSourceSinkToken).ingest([uplink]);
  };
  const addItem = async (itemName: string, deviceEUI: string, extra: Record<string, unknown> = {}, appId = APP) => {
    const response = await send('POST', `/api/node-structure-item/${appId}/items`, {
      parentName: 'root',
      newItem: { itemType: 'item', itemName, dataSource: { type: 'chirpstack', deviceEUI, ...extra } },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as Item;
  };
  const item = async (uuid: string) => (await send('GET', `/api/node-structure-item/${APP}/items/${uuid}`)).body as Item;
  const save = async (targetKind: 'item' | 'profile', targetId: string, source: string, appId = APP) => {
    const saved = await send('POST', `/api/adapters/${appId}/script`, { targetKind, targetId, source });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };
  const rawRows = async (uuid: string) =>
    queryRows<{ n: number }>(
      server.running.resolve(DatabaseToken),
      sql`SELECT count(*)::int AS n FROM raw_data WHERE item_uuid = ${uuid}`,
    );

  /** The application's Notification History, newest first. */
  const history = async (appId: string) =>
    ((await send('GET', `/api/notifications/${appId}/history?size=100`)).body as NotificationHistoryPage).rows;

  beforeAll(async () => {
    // The operator's SMS provider: a local stand-in of Twilio's API, reached through the outbound guard.
    standIn = await startProviderStandIn();
    server = await startTestServer({
      backend,
      outboundAllow: ['127.0.0.1'],
      plugins: [applications, nodes, devicePipeline, events, publicAlert, notifications, plugin],
    });
    admin = (await server.login()).access_token;
    await createTestApplication(server, admin, { id: APP, name: 'Pipeline' });
    await createTestApplication(server, admin, { id: BURST_APP, name: 'Burst' });
    const provider = {
      channel: 'sms',
      kind: 'twilio',
      baseUrl: standIn.url,
      accountSid: 'AC42',
      from: '+15005550006',
      secret: 's',
    };
    expect((await send('PUT', '/api/notifications/providers/default', provider)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  it('turns an uplink through the item’s script into its fields', async () => {
    const th = await addItem('th-script', 'A84041000181C601');
    await save('item', th.uuid, BYTES_DECODER);
    expect(await ingest('a84041000181c601', [0x00, 0xd7, 0x41])).toMatchObject({ stored: 1 });
    expect((await item(th.uuid)).outputSimple).toMatchObject({ temperature: 21.5, humidity: 65 });
  });

  it('processes the fields as they came for an item without a script', async () => {
    const plain = await addItem('th-plain', 'A84041000181C602');
    await ingest('a84041000181c602', [1, 2, 3], { temperature: 19 });
    expect((await item(plain.uuid)).outputSimple).toEqual(expect.objectContaining({ temperature: 19 }));
    expect((await item(plain.uuid)).outputSimple).not.toHaveProperty('humidity');
  });

  it('keeps a failing script’s uplink raw with the error on the item, and processes the next one', async () => {
    const th = await addItem('th-failing', 'A84041000181C603');
    await save('item', th.uuid, BYTES_DECODER);
    await ingest('a84041000181c603', [0x00, 0xc8, 0x32]);
    await save(
      'item',
      th.uuid,
      'function decode(input) {\n  if (input.bytes[0] === 0xff) {\n    while (true) {}\n  }\n  return { fields: { temperature: input.bytes.nothing.length } };\n}',
    );
    await ingest('a84041000181c603', [0x00, 0xd7, 0x41]);
    await expect.poll(async () => (await item(th.uuid)).sourceError?.message, { timeout: 10_000 }).toMatch(/line 5/);
    expect(await rawRows(th.uuid)).toEqual([{ n: 2 }]);
    expect((await item(th.uuid)).outputSimple).toMatchObject({ temperature: 20, humidity: 50 });

    // A script that runs forever is interrupted; the batch and the server go on.
    await ingest('a84041000181c603', [0xff]);
    await expect.poll(async () => (await item(th.uuid)).sourceError?.message, { timeout: 10_000 }).toMatch(/time limit/);

    await save('item', th.uuid, BYTES_DECODER);
    await ingest('a84041000181c603', [0x01, 0x00, 0x10]);
    expect((await item(th.uuid)).outputSimple).toMatchObject({ temperature: 25.6, humidity: 16 });
    await expect.poll(async () => (await item(th.uuid)).sourceError ?? null, { timeout: 10_000 }).toBeNull();
    expect(await rawRows(th.uuid)).toEqual([{ n: 4 }]);
  });

  it('runs a device profile’s script for its items, the item’s own script winning', async () => {
    const profile = await server.running.resolve(DeviceProfileCatalogToken).create({
      deviceProfileName: 'Pipeline profile',
      sensorBrand: 'Test',
      sensorModel: 'P-1',
      subType: '',
      dataSource: 'lora',
      commands: [],
      outputSimpleDefault: {},
      outputConfig: {},
      deviceExtraInfoSetting: [],
    });
    const byProfile = await addItem('by-profile', 'A84041000181C604', { deviceProfile: profile!.uuid });
    const own = await addItem('own-script', 'A84041000181C605', { deviceProfile: profile!.uuid });
    await save('profile', profile!.uuid, 'function decode(input) { return { fields: { level: input.bytes[0] } }; }');
    await save('item', own.uuid, 'function decode(input) { return { fields: { own: input.bytes[0] * 2 } }; }');
    // The item → profile map is read beside the ingest: its first uplink starts the read.
    await ingest('a84041000181c604', [7]);
    await expect
      .poll(
        async () => {
          await ingest('a84041000181c604', [9]);
          return (await item(byProfile.uuid)).outputSimple.level;
        },
        { timeout: 10_000 },
      )
      .toBe(9);
    await ingest('a84041000181c605', [4]);
    expect((await item(own.uuid)).outputSimple).toMatchObject({ own: 8 });
    expect((await item(own.uuid)).outputSimple).not.toHaveProperty('level');
  });

  it('carries out a live run’s helpers after the commit: an e-mail in the outbox', async () => {
    const th = await addItem('th-mail', 'A84041000181C606');
    await save(
      'item',
      th.uuid,
      "function decode(input) {\n  if (input.bytes[0] > 100) sendEmail('ops@example.com', 'Tank high', 'Level ' + input.bytes[0]);\n  return { fields: { level: input.bytes[0] } };\n}",
    );
    await ingest('a84041000181c606', [120]);
    await expect
      .poll(
        async () =>
          (await server.running.resolve(MailerToken).listOutbox({ limit: 20, offset: 0 })).messages.some(
            (mail) => mail.subject === 'Tank high',
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  it('sends a live run’s SMS through the notifications provider, listed in the application’s history', async () => {
    const th = await addItem('th-sms', 'A84041000181C607');
    await save(
      'item',
      th.uuid,
      "function decode(input) {\n  if (input.bytes[0] > 100) sendSms('+85291230001', 'Tank high: ' + input.bytes[0]);\n  return { fields: { level: input.bytes[0] } };\n}",
    );
    await ingest('a84041000181c607', [121]);
    await expect.poll(() => standIn.sent('+85291230001').length, { timeout: 15_000 }).toBe(1);
    expect(standIn.sent('+85291230001')[0]!.form.get('Body')).toBe('Tank high: 121');
    await expect
      .poll(async () => (await history(APP)).filter((row) => row.contact === '+85291230001'), { timeout: 10_000 })
      .toEqual([expect.objectContaining({ usage: 'direct', channel: 'sms', status: 'sent', reference: 'th-sms' })]);
    // A reading that asks for nothing sends nothing.
    await ingest('a84041000181c607', [90]);
    expect((await item(th.uuid)).outputSimple).toMatchObject({ level: 90 });
    expect(standIn.sent('+85291230001')).toHaveLength(1);
  });

  it('sends no more of an application’s SMS in a minute than its helper limit', async () => {
    const th = await addItem('th-burst', 'A84041000181C608', {}, BURST_APP);
    await save(
      'item',
      th.uuid,
      "function decode(input) {\n  for (let n = 10; n < 22; n++) {\n    try { sendSms('+852912300' + n, 'Burst ' + n); } catch (error) { console.log(error.message); }\n  }\n  return { fields: { level: input.bytes[0] } };\n}",
      BURST_APP,
    );
    await ingest('a84041000181c608', [1]);
    const numbers = Array.from({ length: 12 }, (_, n) => `+852912300${n + 10}`);
    const sent = () => numbers.filter((number) => standIn.sent(number).length > 0);
    // The default limit is 10 helper calls a minute: the 11th and 12th throw in the script and send nothing.
    const sentRows = async () => (await history(BURST_APP)).filter((row) => row.status === 'sent');
    await expect.poll(async () => (await sentRows()).length, { timeout: 15_000 }).toBe(10);
    expect(sent()).toEqual(numbers.slice(0, 10));
    const rows = await history(BURST_APP);
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.usage === 'direct' && row.status === 'sent')).toBe(true);
  });
});
