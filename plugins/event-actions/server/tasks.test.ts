import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogToken, DataSourceSinkToken, type DataSourceSink } from '@sensorium/core/server';
import { EventStoreToken, type EventRecord, type EventStore } from '@sensorium/events/common';
import { defaultFieldPreference, type FieldPreference, type TaskSetting } from '@sensorium/nodes/common';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import { valveItemBody } from '../../../host/server/testing/valve-item';
import applications from '../../applications/server';
import chirpstack from '../../chirpstack/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import eventActions from './index';

const APP = 'pumps';
const VALVE_EUI = 'a84041000181c6aa';
const SENSOR_EUI = 'a84041000181c6bb';

const off = { enable: false, device: '', commandId: '' };
/** Acknowledging the "Dry" event opens the valve; clearing it asks for a command the valve does not have. */
const task: TaskSetting = {
  taskCreated: off,
  taskAcked: { enable: true, device: 'valve', commandId: 'open' },
  taskCleared: { enable: true, device: 'valve', commandId: 'explode' },
};

/** Moisture below 20 raises "Dry", which neither clears by itself nor repeats. */
const moisture: FieldPreference = {
  ...defaultFieldPreference('moisture'),
  rangeSettings: {
    belowMinimum: { minNumber: null },
    aboveMaximum: { maxNumber: null },
    ranges: [
      {
        ...{ name: 'dry', color: 'orange', icon: 'fa-tint', value: 0, startNum: 0, endNum: 20 },
        eventSetting: { name: 'Dry', enable: true, allowAutoClear: false, task },
      },
    ],
  },
};

describe.each(databaseBackends())('event tasks on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let store: EventStore;
  let device: MqttClient;
  let event: EventRecord;
  const downlinks: { topic: string; body: unknown }[] = [];

  const send = (method: string, path: string, body?: unknown) => server.request(method, path, { token: admin, body });
  const taskNotes = async () =>
    (await store.history(event.id)).filter((entry) => entry.kind === 'notified' && entry.detail.action === 'task');

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      plugins: [applications, nodes, devicePipeline, events, chirpstack, eventActions],
      mqtt: true,
    });
    admin = (await server.login()).access_token;
    store = server.running.resolve(EventStoreToken);
    const { topicPrefix } = server.mqtt!;
    device = await connectAsync(server.mqtt!.url, {
      clientId: `valve-${randomUUID().slice(0, 8)}`,
      username: server.mqtt!.username,
      password: server.mqtt!.password,
    });
    await device.subscribeAsync(`${topicPrefix}application/+/device/+/command/down`, { qos: 1 });
    device.on('message', (topic, payload) => downlinks.push({ topic, body: JSON.parse(payload.toString()) }));

    await createTestApplication(server, admin, { id: APP, name: 'Pumps' });
    const items = `/api/node-structure-item/${APP}/items`;
    const valve = await send('POST', items, valveItemBody(VALVE_EUI, 'farm-1'));
    expect(valve.status, JSON.stringify(valve.body)).toBe(201);
    const sensor = await send('POST', items, {
      parentName: 'root',
      newItem: {
        itemType: 'item',
        itemName: 'soil',
        dataSource: { type: 'chirpstack', deviceEUI: SENSOR_EUI },
        input: { moisture },
      },
    });
    expect(sensor.status, JSON.stringify(sensor.body)).toBe(201);
    const sink = server.running.resolve(DataSourceSinkToken) as DataSourceSink;
    await sink.ingest([
      { source: 'chirpstack', deviceId: SENSOR_EUI, dedupKey: 'dry-1', receivedAt: new Date(), fields: { moisture: 12 } },
    ]);
    const listed = await send('GET', `/api/system-events-api/${APP}/events?device=soil`);
    event = listed.body.rows[0];
    expect(event).toMatchObject({ itemName: 'soil', eventStatus: 'created' });
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await server?.close();
  });

  it('sends the valve’s downlink when the event is acknowledged, once, and records it', async () => {
    // No task on creation.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(downlinks).toEqual([]);

    expect((await send('POST', `/api/system-events-api/${APP}/events/ack`, { ids: [event.id] })).status).toBe(200);
    await expect.poll(() => downlinks.length, { timeout: 15_000 }).toBe(1);
    expect(downlinks[0]).toEqual({
      topic: `${server.mqtt!.topicPrefix}application/farm-1/device/${VALVE_EUI}/command/down`,
      body: { devEui: VALVE_EUI, confirmed: false, fPort: 3, object: { relay: 'on' } },
    });

    await expect.poll(async () => (await taskNotes()).length, { timeout: 5_000 }).toBe(1);
    const [note] = await taskNotes();
    expect(note!.actor.kind).toBe('system');
    expect(note!.detail).toMatchObject({ transition: 'acknowledged', device: 'valve', commandId: 'open', outcome: 'sent' });
    const { records } = await server.running.resolve(AuditLogToken).list({ limit: 20, offset: 0 });
    expect(records.find((record) => record.action === 'event-actions.task.send')).toMatchObject({
      username: 'system',
      type: 'device',
      target: event.id,
      outcome: 'success',
    });
  });

  it('records a task whose command the device does not have as failed, sending nothing', async () => {
    expect((await send('POST', `/api/system-events-api/${APP}/events/clear`, { ids: [event.id] })).status).toBe(200);
    await expect.poll(async () => (await taskNotes()).length, { timeout: 15_000 }).toBe(2);
    expect((await taskNotes())[1]!.detail).toMatchObject({
      transition: 'cleared',
      commandId: 'explode',
      outcome: 'failed',
      error: 'nodes.errors.commandNotFound',
      errorParams: { commandId: 'explode' },
    });
    const { records } = await server.running.resolve(AuditLogToken).list({ limit: 20, offset: 0 });
    expect(records.filter((record) => record.action === 'event-actions.task.send').map((record) => record.outcome)).toEqual([
      'failure',
      'success',
    ]);
    expect(downlinks).toHaveLength(1);
  });
});
