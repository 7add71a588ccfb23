import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditLogToken,
  DatabaseToken,
  DataSourceSinkToken,
  queryRows,
  UserDirectoryToken,
  type Database,
  type DataSourceSink,
} from '@sensorium/core/server';
import { EventStoreToken, type EventStore } from '@sensorium/events/common';
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
import { PublicLinksToken, type PublicLinkAction, type PublicLinks, type PublicLinkSummary } from '../common';
import publicAlert from './index';
import { readLinkToken } from './link-token';

const APP = 'plant';
const BOILER = '00000000000b0001';
const PUMP = '00000000000b0002';
const CONTACT = { contactId: 'c-alice', actorLabel: 'Alice Chan' };
const jtiOf = (token: string) => readLinkToken(token)!.claims.jti;
/** The token with one character of its signature changed. */
const forge = (token: string) => token.slice(0, 30) + (token[30] === 'A' ? 'B' : 'A') + token.slice(31);

/** Temperature above 50 °C is "Hot" (red, severity 4); it stays open until someone acts. */
const temperature = redRangeField('temperature', { name: 'hot', from: 50, event: 'Hot' }, {}, { unit: '°C' });

describe.each(databaseBackends())('public alert links on %s', (backend) => {
  let server: TestServer;
  let db: Database;
  let admin: string;
  let links: PublicLinks;
  let store: EventStore;
  let boilerEvent: string;
  let pumpEvent: string;

  const issue = async (eventId: string, actions: PublicLinkAction[], ttlSeconds?: number) =>
    (await links.issue({ appId: APP, eventId, ...CONTACT, actions, ttlSeconds })).token;
  const view = (payload: string, headers?: Record<string, string>) =>
    server.request('GET', `/api/system-events-api/public/event/?payload=${encodeURIComponent(payload)}`, { headers });
  const act = (action: PublicLinkAction, payload: string, comment?: string) =>
    server.request('POST', `/api/system-events-api/public/${action}/`, { body: { payload, comment } });
  const linksOf = async (eventId: string) => {
    const response = await server.request<PublicLinkSummary[]>('GET', `/api/public-alert/${APP}/links?eventId=${eventId}`, {
      token: admin,
    });
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, users, nodes, devicePipeline, events, publicAlert] });
    db = server.running.resolve(DatabaseToken);
    links = server.running.resolve(PublicLinksToken);
    store = server.running.resolve(EventStoreToken);
    admin = (await server.login()).access_token;
    const send = (method: string, path: string, body?: unknown) => server.request(method, path, { token: admin, body });
    await createTestApplication(server, admin, { id: APP, name: 'Harbour Plant' });
    const nodesApi = `/api/node-structure-item/${APP}`;
    for (const [itemName, deviceEUI] of [
      ['boiler', BOILER],
      ['pump', PUMP],
    ] as const) {
      const added = await send('POST', `${nodesApi}/items`, {
        parentName: 'root',
        newItem: { itemType: 'item', itemName, dataSource: { type: 'chirpstack', deviceEUI }, input: { temperature } },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
    const sink = server.running.resolve(DataSourceSinkToken) as DataSourceSink;
    for (const deviceId of [BOILER, PUMP]) {
      const outcome = await sink.ingest([
        {
          source: 'chirpstack',
          deviceId,
          dedupKey: `${deviceId}-1`,
          receivedAt: new Date(),
          fields: { temperature: 75 },
          raw: {},
        },
      ]);
      expect(outcome).toMatchObject({ stored: 1 });
    }
    const rows = await queryRows<{ id: string; item_name: string }>(db, sql`SELECT id, item_name FROM node_events`);
    boilerEvent = rows.find((row) => row.item_name === 'boiler')!.id;
    pumpEvent = rows.find((row) => row.item_name === 'pump')!.id;
  });
  afterAll(() => server?.close());

  it('shows the event, the contact and the application to anyone holding the link', async () => {
    const link = await links.issue({ appId: APP, eventId: boilerEvent, ...CONTACT, actions: ['ack', 'clear'] });
    expect(link.url).toBe(`${server.url}/public/event/${link.token}`);
    expect(link.token.length).toBeLessThanOrEqual(50);

    const response = await view(link.token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      username: 'Alice Chan',
      app: { name: 'Harbour Plant', logo: null, setting: {} },
      event: {
        severity: 4,
        eventType: 'Hot',
        isCleared: false,
        isAcknowledeged: false,
        acknowledegedBy: null,
        resumeStatus: null,
        eventStatus: 'created',
        ackPermission: true,
        node: { itemName: 'boiler', value: '75.00', unit: '°C' },
      },
    });
    for (const field of ['description', 'generatedDateTime', 'locationDisplayStr', 'additionalInfo', 'equipmentName']) {
      expect(response.body.event).toHaveProperty(field);
    }
  });

  it('gives the viewer the application’s severity settings, to name and colour the event’s severity as the console does', async () => {
    const setting = {
      severitySettingEnable: true,
      severitySetting: { '4': { name: 'Boiler alarm', description: 'Call Bob', color: 'blue', sound: true, enabled: true } },
    };
    const saved = await server.request('PATCH', `/api/application/${APP}`, { token: admin, body: { setting } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const payload = await issue(boilerEvent, ['ack']);
    expect((await view(payload)).body.app.setting).toEqual(setting);
    const restored = await server.request('PATCH', `/api/application/${APP}`, {
      token: admin,
      body: { setting: { severitySettingEnable: false } },
    });
    expect(restored.status).toBe(200);
  });

  it('shows the application’s logo through the link, to no one without a valid one', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo');
    const upload = await fetch(`${server.url}/api/application/${APP}/logo`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const payload = await issue(boilerEvent, ['ack']);
    const { logo } = (await view(payload)).body.app;
    expect(logo).toBe(`/api/system-events-api/public/logo/?payload=${encodeURIComponent(payload)}`);
    const image = await fetch(`${server.url}${logo}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    const forged = await fetch(`${server.url}/api/system-events-api/public/logo/?payload=${forge(payload)}`);
    expect(forged.status).toBe(404);
  });

  it('acknowledges as the contact: the event, its history and the audit trail name the contact', async () => {
    const payload = await issue(boilerEvent, ['ack']);
    const response = await act('ack', payload, 'On my way');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      isAcknowledeged: true,
      acknowledegedBy: 'Alice Chan',
      eventStatus: 'acked',
      // Nothing more to do for this link: the event is acknowledged and not resumed.
      ackPermission: false,
    });

    const history = await store.history(boilerEvent);
    expect(history.at(-1)).toMatchObject({
      kind: 'acknowledged',
      actor: { kind: 'contact', id: 'c-alice', label: 'Alice Chan' },
      comment: 'On my way',
    });
    const audit = await server.running.resolve(AuditLogToken).list({ limit: 20, offset: 0 });
    expect(audit.records.find((record) => record.target === boilerEvent)).toMatchObject({ username: 'Alice Chan' });
    expect((await linksOf(boilerEvent)).find((summary) => summary.jti === jtiOf(payload))).toMatchObject({
      usedAt: expect.any(String),
    });

    // Opened again, the link shows who acknowledged it.
    expect((await view(payload)).body.event).toMatchObject({ isAcknowledeged: true, acknowledegedBy: 'Alice Chan' });
  });

  it('refuses an action the link does not allow, and changes nothing', async () => {
    const payload = await issue(pumpEvent, ['ack']);
    const response = await act('clear', payload);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('No Permission');
    expect(await store.get(APP, pumpEvent)).toMatchObject({ isCleared: false });
  });

  it('clears with a link that allows it', async () => {
    const payload = await issue(pumpEvent, ['clear']);
    expect((await view(payload)).body.event.ackPermission).toBe(false);
    const response = await act('clear', payload);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      isCleared: true,
      clearedBy: 'Alice Chan',
      eventStatus: 'cleared',
      ackPermission: false,
    });
    expect((await store.history(pumpEvent)).at(-1)).toMatchObject({ kind: 'cleared', actor: { kind: 'contact' } });
  });

  it('answers forged, expired, revoked and unknown links alike, in the caller’s language', async () => {
    const good = await issue(boilerEvent, ['ack']);
    const forged = forge(good);
    const expired = await issue(boilerEvent, ['ack'], 1);
    const revoked = await issue(boilerEvent, ['ack']);
    const revoke = await server.request('POST', `/api/public-alert/${APP}/links/${jtiOf(revoked)}/revoke`, { token: admin });
    expect(revoke.status).toBe(204);
    const otherEvent = await issue(pumpEvent, ['clear']);
    expect(await links.revokeForEvent(pumpEvent)).toBeGreaterThanOrEqual(1);
    const unknown = `${Buffer.from([1, ...Array(12).fill(7), 255, 255, 255, 255, 1]).toString('base64url')}.${'A'.repeat(21)}w`;
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const first = await view(forged);
    expect(first.status).toBe(404);
    expect(first.body.message).toBe('Cannot retrieve alert');
    for (const payload of [expired, revoked, otherEvent, unknown, 'junk']) {
      const response = await view(payload);
      expect({ status: response.status, body: response.body }, payload).toEqual({ status: first.status, body: first.body });
      expect((await act('ack', payload)).body).toEqual(first.body);
    }
    expect((await view(forged, { 'accept-language': 'zh-HK' })).body.message).toBe('無法取得警報');
    expect((await view(good)).status).toBe(200);
  });

  it('lists and revokes links only for signed-in users of the application with the event permission', async () => {
    const stranger = await server.loginAs({ username: 'stranger', permissions: ['event'] });
    // An end-customer user of the application's end customer, in a group without the event permission.
    const directory = server.running.resolve(UserDirectoryToken);
    const group = await directory.createGroup({ name: 'Readers', permissions: [] });
    await directory.createUser({
      username: 'reader',
      password: 'reader-password-1',
      level: 'end-customer',
      groupId: group.id,
      endCustomerId: 'end_default',
    });
    const viewer = (await server.login('reader', 'reader-password-1')).access_token;
    const path = `/api/public-alert/${APP}/links?eventId=${boilerEvent}`;
    expect((await server.request('GET', path)).status).toBe(401);
    expect((await server.request('GET', path, { token: stranger })).status).toBe(404);
    expect((await server.request('GET', path, { token: viewer })).status).toBe(403);
    const [newest] = await linksOf(boilerEvent);
    expect(newest).toMatchObject({ actorLabel: 'Alice Chan', contactId: 'c-alice' });
    expect(newest).not.toHaveProperty('token');
    const missing = await server.request('POST', `/api/public-alert/${APP}/links/nothing-here/revoke`, { token: admin });
    expect(missing.status).toBe(404);
  });

  it('limits the public calls to 30 a minute per address', async () => {
    const payload = await issue(boilerEvent, ['ack']);
    const statuses: number[] = [];
    for (let call = 0; call < 31; call++) statuses.push((await view(payload)).status);
    expect(statuses).toContain(200);
    expect(statuses.at(-1)).toBe(429);
  });
});
