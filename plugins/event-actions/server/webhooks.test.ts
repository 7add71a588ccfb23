import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSourceSinkToken, UserDirectoryToken, type DataSourceSink } from '@sensorium/core/server';
import { EventStoreToken, type EventRecord, type EventStore } from '@sensorium/events/common';
import type { FieldPreference, WebhookSetting } from '@sensorium/nodes/common';
import {
  createTestApplication,
  databaseBackends,
  redRangeField,
  startTestServer,
  type TestServer,
} from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import users from '../../users/server';
import type { WebhookDeliveriesPage, WebhookSecret } from '../common';
import eventActions from './index';
import { signatureVerifies as verifies, startTestReceiver } from './test-receiver';

const APP = 'plant';

/** A level above 80 raises the "High" event (red), which neither clears by itself nor repeats. */
function levelPreference(webhook: WebhookSetting): FieldPreference {
  return redRangeField('level', { name: 'high', from: 80, event: 'High' }, { webhookSetting: webhook }, { unit: '%' });
}

describe.each(databaseBackends())('event webhooks on %s', (backend) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startTestReceiver>>;
  let admin: string;
  let store: EventStore;
  let secret: string;
  let devices = 0;

  const send = (method: string, path: string, body?: unknown, token = admin) => server.request(method, path, { token, body });
  const deliveries = async (eventId: string) => {
    const answer = await server.request<WebhookDeliveriesPage>(
      'GET',
      `/api/event-actions/${APP}/webhook-deliveries?eventId=${eventId}`,
      { token: admin },
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const rotate = async () => {
    const answer = await server.request<WebhookSecret>('POST', `/api/event-actions/${APP}/webhook-secret/rotate`, {
      token: admin,
    });
    expect(answer.status).toBe(200);
    return answer.body.secret;
  };
  /** An item whose level range calls this webhook; a level of 90 raises its event. */
  const raiseEvent = async (webhook: Partial<WebhookSetting>): Promise<EventRecord> => {
    const deviceEUI = `00000000000a00${String(++devices).padStart(2, '0')}`;
    const setting: WebhookSetting = { enable: true, method: 'POST', headers: '', body: '', url: '', ...webhook };
    const added = await send('POST', `/api/node-structure-item/${APP}/items`, {
      parentName: 'root',
      newItem: {
        itemType: 'item',
        itemName: `tank-${devices}`,
        itemDisplayName: `Tank "${devices}"`,
        dataSource: { type: 'chirpstack', deviceEUI },
        input: { level: levelPreference(setting) },
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const sink = server.running.resolve(DataSourceSinkToken) as DataSourceSink;
    await sink.ingest([
      { source: 'chirpstack', deviceId: deviceEUI, dedupKey: `up-${devices}`, receivedAt: new Date(), fields: { level: 90 } },
    ]);
    const listed = await send('GET', `/api/system-events-api/${APP}/events?device=tank-${devices}&size=100`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const id = (listed.body.rows as EventRecord[]).find((event) => event.itemName === `tank-${devices}`)!.id;
    return (await store.get(APP, id))!;
  };
  const webhookNotes = async (eventId: string) =>
    (await store.history(eventId)).filter((entry) => entry.kind === 'notified' && entry.detail.action === 'webhook');
  const hook = (path?: string) => receiver.url(path);

  beforeAll(async () => {
    receiver = await startTestReceiver();
    server = await startTestServer({
      backend,
      plugins: [applications, users, nodes, devicePipeline, events, eventActions],
      outboundAllow: ['127.0.0.1'],
    });
    admin = (await server.login()).access_token;
    store = server.running.resolve(EventStoreToken);
    await createTestApplication(server, admin, { id: APP, name: 'Plant' });
    secret = await rotate();
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('posts the templated body, signed with the application secret, when an event is created', async () => {
    const event = await raiseEvent({
      url: hook(),
      headers: '{"X-Api-Key": "key-{{ itemName }}"}',
      body: '{"item": "{{ itemName }}", "name": "{{ displayName }}", "level": "{{ receivedDeviceData }}", "unit": "{{ unit }}", "step": "{{ transition }}", "id": "{{ event.id }}"}',
    });
    await expect.poll(() => receiver.requests.length, { timeout: 15_000 }).toBe(1);
    const [request] = receiver.requests;
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-api-key']).toBe(`key-${event.itemName}`);
    expect(request!.headers['x-sensorium-event']).toBe('created');
    expect(JSON.parse(request!.body)).toEqual({
      item: event.itemName,
      name: 'Tank "1"',
      level: '90.00',
      unit: '%',
      step: 'created',
      id: event.id,
    });
    expect(verifies(secret, request!.headers['x-sensorium-signature'] as string, request!.body)).toBe(true);
    expect(verifies(secret, request!.headers['x-sensorium-signature'] as string, `${request!.body} `)).toBe(false);

    await expect.poll(async () => (await webhookNotes(event.id)).length, { timeout: 5_000 }).toBe(1);
    const [note] = await webhookNotes(event.id);
    expect(note!.detail).toMatchObject({ transition: 'created', outcome: 'succeeded', tries: 1, responseCode: 200 });
    expect(note!.detail.deliveryId).toBe(request!.headers['x-sensorium-delivery']);
    const log = await deliveries(event.id);
    expect(log.total).toBe(1);
    expect(log.deliveries[0]).toMatchObject({ try: 1, status: 'succeeded', responseCode: 200, method: 'POST', url: hook() });
  });

  it('tries a receiver that fails twice again with the same delivery id until it succeeds', async () => {
    receiver.requests.length = 0;
    const event = await raiseEvent({ url: hook('/flaky'), body: '{"item": "{{ itemName }}"}' });
    await expect.poll(() => receiver.requests.length, { timeout: 15_000 }).toBe(1);
    receiver.answers.push(500, 500);
    const acknowledged = await send('POST', `/api/system-events-api/${APP}/events/ack`, { ids: [event.id] });
    expect(acknowledged.status).toBe(200);
    await expect.poll(() => receiver.requests.length, { timeout: 75_000, interval: 500 }).toBe(4);
    const tries = receiver.requests.slice(1);
    expect(tries.map((request) => request.headers['x-sensorium-event'])).toEqual([
      'acknowledged',
      'acknowledged',
      'acknowledged',
    ]);
    expect(new Set(tries.map((request) => request.headers['x-sensorium-delivery'])).size).toBe(1);
    for (const request of tries) {
      expect(verifies(secret, request.headers['x-sensorium-signature'] as string, request.body)).toBe(true);
    }

    await expect.poll(async () => (await webhookNotes(event.id)).length, { timeout: 5_000 }).toBe(2);
    const log = await deliveries(event.id);
    const acked = log.deliveries.filter((entry) => entry.transition === 'acknowledged').reverse();
    expect(acked.map(({ try: attempt, status, responseCode }) => ({ attempt, status, responseCode }))).toEqual([
      { attempt: 1, status: 'retrying', responseCode: 500 },
      { attempt: 2, status: 'retrying', responseCode: 500 },
      { attempt: 3, status: 'succeeded', responseCode: 200 },
    ]);
    expect((await webhookNotes(event.id)).at(-1)!.detail).toMatchObject({
      transition: 'acknowledged',
      outcome: 'succeeded',
      tries: 3,
    });
  }, 100_000);

  it('gives up at once on a 400, and signs with the secret that replaced the old one', async () => {
    receiver.requests.length = 0;
    const event = await raiseEvent({ url: hook('/strict') });
    await expect.poll(() => receiver.requests.length, { timeout: 15_000 }).toBe(1);
    const rotated = await rotate();
    expect(rotated).not.toBe(secret);
    const masked = await send('GET', `/api/event-actions/${APP}/webhook-secret`);
    expect(masked.body.secret).toBe(`whsec_…${rotated.slice(-4)}`);

    receiver.answers.push(400);
    expect((await send('POST', `/api/system-events-api/${APP}/events/clear`, { ids: [event.id] })).status).toBe(200);
    await expect.poll(async () => (await webhookNotes(event.id)).length, { timeout: 15_000 }).toBe(2);
    expect((await webhookNotes(event.id)).at(-1)!.detail).toMatchObject({
      transition: 'cleared',
      outcome: 'failed',
      tries: 1,
      responseCode: 400,
    });
    const cleared = receiver.requests[1]!;
    // Without a body template a POST carries the transition and the event.
    expect(JSON.parse(cleared.body)).toMatchObject({ transition: 'cleared', event: { id: event.id, isCleared: true } });
    const signature = cleared.headers['x-sensorium-signature'] as string;
    expect(verifies(rotated, signature, cleared.body)).toBe(true);
    expect(verifies(secret, signature, cleared.body)).toBe(false);
    secret = rotated;

    // The first retry would come 5 to 10 s later; none is planned, so the log keeps one try.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(receiver.requests).toHaveLength(2);
    const log = await deliveries(event.id);
    expect(log.deliveries.filter((entry) => entry.transition === 'cleared')).toMatchObject([
      { try: 1, status: 'failed', responseCode: 400, error: 'The receiver answered HTTP 400' },
    ]);
  }, 60_000);

  it('signs the query string of a GET, and refuses an address SENSORIUM_OUTBOUND_ALLOW does not open', async () => {
    receiver.requests.length = 0;
    const got = await raiseEvent({ method: 'GET', url: `${hook('/get')}?item={{itemName}}&name={{displayName}}` });
    await expect.poll(() => receiver.requests.length, { timeout: 15_000 }).toBe(1);
    const [request] = receiver.requests;
    expect(request!.method).toBe('GET');
    expect(request!.body).toBe('');
    const query = request!.url.split('?')[1]!;
    expect(new URLSearchParams(query).get('name')).toBe(got.node.itemDisplayName);
    expect(verifies(secret, request!.headers['x-sensorium-signature'] as string, query)).toBe(true);

    // Loopback over IPv6 is private too, and only 127.0.0.1 is allowed.
    const refused = await raiseEvent({ url: `http://[::1]:${receiver.port}/hook` });
    await expect.poll(async () => (await webhookNotes(refused.id)).length, { timeout: 15_000 }).toBe(1);
    expect(receiver.requests).toHaveLength(1);
    const [entry] = (await deliveries(refused.id)).deliveries;
    expect(entry).toMatchObject({ try: 1, status: 'failed', responseCode: null });
    expect(entry!.error).toContain('::1');
  });

  it('reports a body that is no JSON once rendered as failed, without sending it', async () => {
    receiver.requests.length = 0;
    // `raw` skips the escaping, so the quotes of the display name (Tank "N") break the JSON.
    const event = await raiseEvent({ url: hook(), body: '{"name": "{{ displayName | raw }}"}' });
    await expect.poll(async () => (await webhookNotes(event.id)).length, { timeout: 15_000 }).toBe(1);
    expect((await webhookNotes(event.id))[0]!.detail).toMatchObject({
      outcome: 'failed',
      error: 'The body is not valid JSON once rendered',
    });
    expect(receiver.requests).toHaveLength(0);
  });

  it('answers 404 to other tenants, 403 to rotation without the setting permission, and keeps to device-tag limits', async () => {
    const stranger = await server.loginAs({ username: 'stranger', permissions: ['setting'] });
    for (const [method, path] of [
      ['GET', `/api/event-actions/${APP}/webhook-deliveries`],
      ['GET', `/api/event-actions/${APP}/webhook-secret`],
      ['POST', `/api/event-actions/${APP}/webhook-secret/rotate`],
    ] as const) {
      expect((await send(method, path, undefined, stranger)).status).toBe(404);
    }
    // A user of the application's end customer sees it, but rotating needs the setting permission.
    const directory = server.running.resolve(UserDirectoryToken);
    const group = await directory.createGroup({ name: 'Viewers', permissions: ['event'] });
    const viewerUser = await directory.createUser({
      username: 'viewer',
      password: 'viewer-password-1',
      level: 'end-customer',
      groupId: group.id,
      endCustomerId: 'end_default',
    });
    const viewer = (await server.login('viewer', 'viewer-password-1')).access_token;
    expect((await send('GET', `/api/event-actions/${APP}/webhook-secret`, undefined, viewer)).status).toBe(200);
    expect((await send('POST', `/api/event-actions/${APP}/webhook-secret/rotate`, undefined, viewer)).status).toBe(403);
    const page = await send('GET', `/api/event-actions/${APP}/webhook-deliveries?page=0`);
    expect(page.body).toMatchObject({ page: 0, size: 20 });
    expect(page.body.total).toBeGreaterThanOrEqual(7);
    expect((await send('GET', `/api/event-actions/${APP}/webhook-deliveries?page=-1`)).status).toBe(400);

    // Limited to the devices tagged "north" (User Setup), the viewer sees the tries of those devices' events only.
    const limited = await send('POST', `/api/application-users/${APP}/users`, { userId: viewerUser.id, deviceTags: ['north'] });
    expect(limited.status).toBe(201);
    const seen = async () =>
      (await send('GET', `/api/event-actions/${APP}/webhook-deliveries`, undefined, viewer)).body as WebhookDeliveriesPage;
    expect((await seen()).total).toBe(0);
    const first = (await send('GET', `/api/system-events-api/${APP}/events?device=tank-1&size=100`)).body.rows.find(
      (event: EventRecord) => event.itemName === 'tank-1',
    ) as EventRecord;
    expect((await send('PATCH', `/api/node-structure-item/${APP}/items/${first.itemUuid}`, { tags: ['north'] })).status).toBe(
      200,
    );
    const north = await seen();
    expect(north.total).toBe(1);
    expect(north.deliveries[0]).toMatchObject({ eventId: first.id, status: 'succeeded' });
  });
});
