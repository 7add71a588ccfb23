import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSourceSinkToken, type Uplink } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import chirpstack from '../../../chirpstack/server';
import nodes from '../../../nodes/server';
import rawData from '../../../raw-data/server';
import devicePipeline from '../index';
import type { DeadLetterPage } from '../../common/dead-letters';

const CS_APP = '5e0c7d1a-7a1b-4c2d-9e3f-a0b1c2d3e4f5';

/** Uplinks that can never be stored, through the embedded broker into the real pipeline. */
describe.each(databaseBackends())('dead letters on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let device: MqttClient;
  const appId = `dl_${randomUUID().slice(0, 6)}`;
  const devEui = `a84041dd${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const topic = `application/${CS_APP}/device/${devEui}/event/up`;
  let fCnt = 0;

  /** A ChirpStack uplink's JSON, with `object` spliced in as raw JSON text (to send what JSON.stringify cannot). */
  const uplinkText = (objectJson: string) =>
    `{"deduplicationId":"${randomUUID()}","time":"${new Date().toISOString()}","deviceInfo":{"devEui":"${devEui}"},` +
    `"fCnt":${++fCnt},"object":${objectJson}}`;
  const rawTotal = async () =>
    (
      await server.request('POST', '/api/raw-data-history/search', {
        token: admin,
        body: {
          appId,
          viewMode: 'history',
          startTime: new Date(Date.now() - 3_600_000).toISOString(),
          endTime: new Date(Date.now() + 60_000).toISOString(),
          limit: 100,
        },
      })
    ).body.total as number;
  const deadLetters = async (): Promise<DeadLetterPage> =>
    (await server.request('GET', '/api/dead-letters?limit=100', { token: admin })).body;
  const counted = async (reason: string): Promise<number> => {
    const text = (await server.request('GET', '/metrics')).body as string;
    const line = text
      .split('\n')
      .find((row) => row.startsWith(`sensorium_dead_letters_total{source="chirpstack",reason="${reason}"}`));
    return line ? Number(line.split(' ').pop()) : 0;
  };
  /** Resolves on the PUBACK: the broker acknowledged it (a message never acknowledged times out). */
  const publish = (payload: string | Buffer) =>
    Promise.race([
      device.publishAsync(topic, payload, { qos: 1 }),
      new Promise((_, reject) => setTimeout(() => reject(new Error('not acknowledged within 3 s')), 3000)),
    ]);

  beforeAll(async () => {
    server = await startTestServer({ backend, mqtt: true, plugins: [applications, nodes, devicePipeline, chirpstack, rawData] });
    admin = (await server.login()).access_token;
    const created = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: appId, name: 'Dead letters', endCustomerId: 'end_default' },
    });
    expect(created.status).toBe(201);
    await server.request('GET', `/api/node-structure-item/${appId}/tree`, { token: admin });
    const item = await server.request('POST', `/api/node-structure-item/${appId}/items`, {
      token: admin,
      body: {
        newItem: { itemType: 'item', itemName: 'probe', dataSource: { type: 'chirpstack', deviceEUI: devEui } },
        parentName: 'root',
      },
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    device = await connectAsync(server.mqtt!.url, {
      clientId: `dl-${randomUUID().slice(0, 8)}`,
      username: server.mqtt!.username,
      password: server.mqtt!.password,
      reconnectPeriod: 0,
    });
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await server?.close();
  });

  it('acknowledges a lone-surrogate uplink into the dead letters without holding up the good one beside it', async () => {
    const started = Date.now();
    await Promise.all([publish(uplinkText('{"label":"\\ud800"}')), publish(uplinkText('{"temperature":21.5}'))]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await rawTotal()).toBe(1);
    const [letter] = (await deadLetters()).rows;
    expect(letter).toMatchObject({ source: 'chirpstack', reason: 'unstorable', detail: 'lone UTF-16 surrogate' });
    expect(letter!.payload).toContain('"label"');
    expect(await counted('unstorable')).toBe(1);
  });

  it('acknowledges a 100,000-deep uplink into the dead letters', async () => {
    await publish(uplinkText(`{"deep":${'['.repeat(100_000)}${']'.repeat(100_000)}}`));
    const [letter] = (await deadLetters()).rows;
    expect(letter).toMatchObject({ reason: 'unstorable', detail: 'nested deeper than 64 levels' });
    expect(await counted('unstorable')).toBe(2);
    expect(await rawTotal()).toBe(1);
  });

  it('stores a 200 KB uplink and dead-letters a 300 KB one, keeping only its beginning', async () => {
    await publish(uplinkText(JSON.stringify({ blob: 'x'.repeat(200 * 1024) })));
    expect(await rawTotal()).toBe(2);
    await publish(uplinkText(JSON.stringify({ blob: 'y'.repeat(300 * 1024) })));
    const [letter] = (await deadLetters()).rows;
    expect(letter).toMatchObject({ reason: 'too-large', origin: topic });
    expect(letter!.payloadBytes).toBeGreaterThan(300 * 1024);
    expect(letter!.payload.length).toBeLessThanOrEqual(4096);
    expect(await counted('too-large')).toBe(1);
    expect(await rawTotal()).toBe(2);
  });

  it('counts and dead-letters invalid JSON and an uplink without a device id', async () => {
    await publish('{"deduplicationId": "x", oops');
    await device.publishAsync(`application/${CS_APP}/device//event/up`, JSON.stringify({ object: { t: 1 } }), { qos: 1 });
    const rows = (await deadLetters()).rows;
    expect(rows.slice(0, 2).map((row) => row.reason)).toEqual(['not-an-uplink', 'invalid-json']);
    expect(await counted('invalid-json')).toBe(1);
    expect(await counted('not-an-uplink')).toBe(1);
  });

  it('retries a failed batch uplink by uplink, dead-lettering the one the database refuses', async () => {
    const sink = server.running.resolve(DataSourceSinkToken);
    const uplink = (key: string, receivedAt: Date): Uplink => ({
      source: 'chirpstack',
      deviceId: devEui,
      dedupKey: key,
      receivedAt,
      fields: { temperature: 20 },
      raw: { key },
    });
    // A time PostgreSQL cannot hold (before 4713 BC) passes every check before the database.
    const outcome = await sink.ingest([uplink(randomUUID(), new Date()), uplink(randomUUID(), new Date(-8.64e15))]);
    expect(outcome).toEqual({ stored: 1, duplicates: 0, unknown: 0, rejected: 1 });
    expect((await deadLetters()).rows[0]).toMatchObject({ reason: 'unstorable', origin: `device ${devEui}` });
    expect(await rawTotal()).toBe(3);
  });

  it('lists the dead letters newest first to cloud users only', async () => {
    const page = (await server.request('GET', '/api/dead-letters?limit=2&offset=2', { token: admin })).body as DeadLetterPage;
    expect(page.total).toBe(6);
    expect(page.rows.map((row) => row.reason)).toEqual(['invalid-json', 'too-large']);
    const integrator = await server.loginAs({ username: `si-${randomUUID().slice(0, 6)}`, permissions: ['nodemanagement'] });
    expect((await server.request('GET', '/api/dead-letters', { token: integrator })).status).toBe(403);
  });
});
