import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, DataSourceSinkToken, MailerToken, queryRows, type Uplink } from '@sensorium/core/server';
import { DeviceProfileCatalogToken, type Item } from '@sensorium/nodes/common';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import plugin from './index';

const APP = 'adapter_pipe';
const BYTES_DECODER =
  'function decode(input) {\n  return { fields: { temperature: ((input.bytes[0] << 8) | input.bytes[1]) / 10, humidity: input.bytes[2] } };\n}\n';

describe.each(databaseBackends())('adapter scripts in the device pipeline on %s', (backend) => {
  let server: TestServer;
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
  const addItem = async (itemName: string, deviceEUI: string, extra: Record<string, unknown> = {}) => {
    const response = await send('POST', `/api/node-structure-item/${APP}/items`, {
      parentName: 'root',
      newItem: { itemType: 'item', itemName, dataSource: { type: 'chirpstack', deviceEUI, ...extra } },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as Item;
  };
  const item = async (uuid: string) => (await send('GET', `/api/node-structure-item/${APP}/items/${uuid}`)).body as Item;
  const save = async (targetKind: 'item' | 'profile', targetId: string, source: string) => {
    const saved = await send('POST', `/api/adapters/${APP}/script`, { targetKind, targetId, source });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };
  const rawRows = async (uuid: string) =>
    queryRows<{ n: number }>(
      server.running.resolve(DatabaseToken),
      sql`SELECT count(*)::int AS n FROM raw_data WHERE item_uuid = ${uuid}`,
    );

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline, events, plugin] });
    admin = (await server.login()).access_token;
    await createTestApplication(server, admin, { id: APP, name: 'Pipeline' });
  });
  afterAll(() => server?.close());

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
});
