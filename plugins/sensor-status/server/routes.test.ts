import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSourceSinkToken, UserDirectoryToken, type Uplink } from '@sensorium/core/server';
import { defaultFirstRange, nextRange, type Item } from '@sensorium/nodes/common';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import users from '../../users/server';
import type { SensorStatusPage, SensorStatusRow } from '../common';
import sensorStatus from './index';

const APP = 'sensors';

/** What the ingest test hooks offer beyond DataSourceSink: the connection check the timer runs. */
interface IngestHooks {
  ingest(uplinks: Uplink[]): Promise<unknown>;
  checkConnections(): Promise<number>;
}

describe.each(databaseBackends())('Sensor Status API on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let sink: IngestHooks;

  const list = (query = '', token = admin) =>
    server.request<SensorStatusPage>('GET', `/api/system-events-api/${APP}/sensor-status${query}`, { token });
  const names = (page: SensorStatusPage) => page.rows.map((row) => row.itemName);
  const nodeApi = `/api/node-structure-item/${APP}`;
  const addItem = async (itemName: string, parentName: string, extra: Record<string, unknown> = {}): Promise<Item> => {
    const added = await server.request<Item>('POST', `${nodeApi}/items`, {
      token: admin,
      body: { newItem: { itemType: 'item', itemName, ...extra }, parentName },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return added.body;
  };
  const tag = async (item: Item, tags: string[]) => {
    const tagged = await server.request('PATCH', `${nodeApi}/items/${item.uuid}`, { token: admin, body: { tags } });
    expect(tagged.status, JSON.stringify(tagged.body)).toBe(200);
  };
  const uplink = (deviceId: string, fields: Record<string, unknown>, receivedAt = new Date()): Uplink => ({
    source: 'chirpstack',
    deviceId,
    dedupKey: `${deviceId}-${receivedAt.getTime()}`,
    receivedAt,
    fields,
    raw: fields,
  });

  const normal = { ...defaultFirstRange(), name: 'Normal', startNum: 0, endNum: 30 };
  const hot = { ...nextRange([normal])!, name: 'Hot', color: 'red', startNum: 30, endNum: 100 };
  const temperature = { signal: 'analog', unit: '°C', decimalPlace: 1, displayName: 'Temperature', rangeEnabled: true };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, users, nodes, devicePipeline, events, sensorStatus] });
    admin = (await server.login()).access_token;
    await createTestApplication(server, admin, { id: APP, name: 'Sensors' });
    await server.request('POST', `${nodeApi}/items`, {
      token: admin,
      body: { newItem: { itemType: 'node', itemName: 'hall' }, parentName: 'root' },
    });
    const boiler = await addItem('boiler', 'hall', {
      itemDisplayName: 'Boiler room',
      dataSource: { type: 'chirpstack', deviceEUI: '00000000000b0001' },
    });
    const saved = await server.request('PUT', `${nodeApi}/items/${boiler.uuid}/field-preference`, {
      token: admin,
      body: { targetField: 'temperature', preference: { ...temperature, rangeSettings: { ranges: [normal, hot] } } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await tag(boiler, ['north']);
    await tag(
      await addItem('cellar', 'hall', {
        dataSource: { type: 'chirpstack', deviceEUI: '00000000000b0002', connectionTimeoutSec: 60 },
      }),
      ['south'],
    );
    await addItem('spare', 'root');

    sink = server.running.resolve(DataSourceSinkToken) as unknown as IngestHooks;
    await sink.ingest([
      uplink('00000000000b0001', { temperature: 45.25 }),
      uplink('00000000000b0002', { humidity: 70 }, new Date(Date.now() - 120_000)),
    ]);
    await sink.checkConnections();
  });
  afterAll(() => server?.close());

  it('lists every device (not the nodes) in tree order with its values, status, severity and connection', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(3);
    expect(names(answer.body)).toEqual(['boiler', 'cellar', 'spare']);
    const [boiler, cellar, spare] = answer.body.rows as [SensorStatusRow, SensorStatusRow, SensorStatusRow];
    expect(boiler).toMatchObject({
      displayName: 'Boiler room',
      path: ['root', 'hall'],
      dataSourceType: 'chirpstack',
      state: 'online',
      severity: 4,
      fields: [
        {
          field: 'temperature',
          label: 'Temperature',
          unit: '°C',
          decimalPlace: 1,
          value: 45.25,
          status: 'Hot',
          color: 'red',
        },
      ],
    });
    expect(Date.parse(boiler.lastReceiveDate!)).toBeGreaterThan(Date.now() - 60_000);
    // Silent for longer than its connection timeout: offline. A device without uplinks has no values yet.
    expect(cellar).toMatchObject({ displayName: 'cellar', state: 'offline', severity: 0 });
    expect(cellar.fields.map((field) => [field.field, field.value])).toEqual([['humidity', 70]]);
    expect(spare).toMatchObject({ path: ['root'], state: 'offline', fields: [], lastReceiveDate: null });
  });

  it('filters by text, status and severity, and pages', async () => {
    expect(names((await list('?q=BOILER R')).body)).toEqual(['boiler']);
    expect(names((await list('?q=hall')).body)).toEqual(['boiler', 'cellar']);
    expect(names((await list('?status=offline')).body)).toEqual(['cellar', 'spare']);
    expect(names((await list('?severity=4')).body)).toEqual(['boiler']);
    expect(names((await list('?status=online&severity=0')).body)).toEqual([]);
    const second = await list('?page=2&size=2');
    expect(second.body).toMatchObject({ total: 3 });
    expect(names(second.body)).toEqual(['spare']);
  });

  it('answers 400 naming the field for a bad filter', async () => {
    const bad = await list('?status=sleeping');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'status' });
    expect((await list('?severity=9')).body).toMatchObject({ field: 'severity' });
    expect((await list('?size=0')).body).toMatchObject({ field: 'size' });
  });

  it('answers 404 to another organisation’s user and for an unknown application', async () => {
    const stranger = await server.loginAs({ username: 'stranger', level: 'si-customer', organisationId: 'org_other' });
    expect((await list('', stranger)).status).toBe(404);
    const unknown = await server.request('GET', '/api/system-events-api/nowhere/sensor-status', { token: admin });
    expect(unknown.status).toBe(404);
  });

  it('shows a user limited to device tags only the devices carrying one of them', async () => {
    const directory = server.running.container.resolve(UserDirectoryToken);
    const group = await directory.createGroup({ name: 'north group', permissions: [] });
    const { id } = await directory.createUser({
      username: 'north_viewer',
      password: 'north_viewer-Passw0rd!',
      level: 'end-customer',
      groupId: group.id,
      endCustomerId: 'end_default',
    });
    const added = await server.request('POST', `/api/application-users/${APP}/users`, {
      token: admin,
      body: { userId: id, deviceTags: ['north'] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const limited = (await server.login('north_viewer', 'north_viewer-Passw0rd!')).access_token;
    const answer = await list('', limited);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 1 });
    expect(names(answer.body)).toEqual(['boiler']);
  });

  it('answers 404 while the IoT licence is off', async () => {
    const unlicensed = await startTestServer({
      backend,
      plugins: [applications, users, nodes, devicePipeline, events, sensorStatus],
      licences: 'none',
    });
    try {
      const { access_token } = await unlicensed.login();
      const response = await unlicensed.request('GET', `/api/system-events-api/${APP}/sensor-status`, { token: access_token });
      expect(response.status).toBe(404);
    } finally {
      await unlicensed.close();
    }
  });
});
