import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, OrganisationDirectoryToken, queryRows } from '@sensorium/core/server';
import applications from '../../../plugins/applications/server';
import chirpstack from '../../../plugins/chirpstack/server';
import devicePipeline from '../../../plugins/device-pipeline/server';
import nodes from '../../../plugins/nodes/server';
import { databaseBackends, startTestServer, type TestServer } from '../testing';

/** The ChirpStack applications (device-server side) of the two organisations' items. */
const CS_APP = { a: '6f1c0000-0000-4000-8000-00000000000a', b: '6f1c0000-0000-4000-8000-00000000000b' };
const EUI = { a: '00000000000000a1', b: '00000000000000b1' };

describe.each(databaseBackends())('organisation MQTT device credentials on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  const orgs = {
    a: { id: '', token: '', app: 'mqtt_org_a', item: '', password: '' },
    b: { id: '', token: '', app: 'mqtt_org_b', item: '', password: '' },
  };
  const clients: MqttClient[] = [];

  const connect = async (username: string, password: string) => {
    const client = await connectAsync(server.mqtt!.url, {
      clientId: `org-cred-${randomUUID().slice(0, 8)}`,
      username,
      password,
      reconnectPeriod: 0,
      connectTimeout: 2000,
    });
    clients.push(client);
    return client;
  };
  const uplinkTopic = (csApp: string, eui: string) => `application/${csApp}/device/${eui}/event/up`;
  const uplink = (eui: string, object: Record<string, unknown>) =>
    JSON.stringify({ deduplicationId: randomUUID(), time: new Date().toISOString(), deviceInfo: { devEui: eui }, object });
  const values = async (org: (typeof orgs)['a']) =>
    (await server.request('GET', `/api/node-structure-item/${org.app}/items/${org.item}`, { token: admin })).body.outputSimple;
  const named = (organisationId?: string) => (organisationId ? `?organisationId=${organisationId}` : '');
  const credentials = (token: string, organisationId?: string) =>
    server.request('GET', `/api/mqtt/device-credentials${named(organisationId)}`, { token });
  const rotate = (token: string, organisationId?: string) =>
    server.request('POST', `/api/mqtt/device-credentials/rotate${named(organisationId)}`, { token });

  beforeAll(async () => {
    server = await startTestServer({ backend, mqtt: true, plugins: [applications, nodes, devicePipeline, chirpstack] });
    admin = (await server.login()).access_token;
    const directory = server.running.container.resolve(OrganisationDirectoryToken);
    for (const key of ['a', 'b'] as const) {
      const org = orgs[key];
      org.id = (await directory.create({ name: `Org ${key}`, size: '', role: '', endCustomerId: null })).id;
      org.token = await server.loginAs({
        username: `mqtt-${key}`,
        organisationId: org.id,
        permissions: ['nodemanagement', 'setting', 'useredit'],
      });
      const customer = await server.request('POST', '/api/customer/end-customer/', {
        token: org.token,
        body: { name: `${key} site` },
      });
      const created = await server.request('POST', '/api/application/new/', {
        token: org.token,
        body: { id: org.app, name: org.app, description: '', endCustomerId: customer.body.id },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      await server.request('GET', `/api/node-structure-item/${org.app}/tree`, { token: org.token });
      const item = await server.request('POST', `/api/node-structure-item/${org.app}/items`, {
        token: org.token,
        body: {
          newItem: {
            itemType: 'item',
            itemName: 'meter',
            dataSource: {
              type: 'chirpstack',
              deviceEUI: EUI[key],
              application: CS_APP[key],
              commands: [{ id: 'ping', display: 'Ping', payload: { port: 2, object: { ping: key } } }],
            },
          },
          parentName: 'root',
        },
      });
      expect(item.status, JSON.stringify(item.body)).toBe(201);
      org.item = item.body.uuid;
      const rotated = await rotate(org.token);
      expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
      org.password = rotated.body.password;
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await server?.close();
  });

  it("shows the organisation's username and broker, never a password, and only to its own admins", async () => {
    const own = await credentials(orgs.a.token);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      organisationId: orgs.a.id,
      brokerUrl: server.mqtt!.url,
      username: orgs.a.id,
      rotatedAt: expect.any(String),
    });
    expect((await credentials(orgs.b.token, orgs.a.id)).status).toBe(404);
    expect((await rotate(orgs.b.token, orgs.a.id)).status).toBe(404);
    // The operator sees any organisation's, and its own shared username without naming one.
    expect((await credentials(admin, orgs.a.id)).body).toMatchObject({ username: orgs.a.id });
    expect((await credentials(admin)).body).toMatchObject({ organisationId: null, username: server.mqtt!.username });
  });

  it('stores the password as a salted scrypt hash only', async () => {
    const db = server.running.container.resolve(DatabaseToken);
    const [row] = await queryRows<{ hash: string }>(
      db,
      sql`SELECT password_hash AS hash FROM mqtt_credentials WHERE organisation_id = ${orgs.a.id}`,
    );
    expect(row!.hash).toMatch(/^scrypt\$[\w-]{22}\$[\w-]{43}$/);
    expect(row!.hash).not.toContain(orgs.a.password);
  });

  it("publishes the organisation's own device uplinks, stored; another organisation's are acknowledged and not stored", async () => {
    const deviceA = await connect(orgs.a.id, orgs.a.password);
    await deviceA.publishAsync(uplinkTopic(CS_APP.a, EUI.a), uplink(EUI.a, { energy: 1 }), { qos: 1 });
    expect(await values(orgs.a)).toMatchObject({ energy: 1 });

    await deviceA.publishAsync(uplinkTopic(CS_APP.b, EUI.b), uplink(EUI.b, { energy: 666 }), { qos: 1 });
    // A's device id on B's ChirpStack application would reach no item of A's either.
    await deviceA.publishAsync(uplinkTopic(CS_APP.b, EUI.a), uplink(EUI.a, { energy: 667 }), { qos: 1 });
    expect(deviceA.connected).toBe(true);
    expect(await values(orgs.b)).toEqual({});
    expect(await values(orgs.a)).toMatchObject({ energy: 1 });

    // The operator's shared credential still reaches every organisation's devices.
    const operator = await connect(server.mqtt!.username!, server.mqtt!.password!);
    await operator.publishAsync(uplinkTopic(CS_APP.b, EUI.b), uplink(EUI.b, { energy: 2 }), { qos: 1 });
    expect(await values(orgs.b)).toMatchObject({ energy: 2 });
  });

  it("cannot subscribe to another organisation's device downlinks, nor receive them through a wildcard", async () => {
    const deviceA = await connect(orgs.a.id, orgs.a.password);
    await expect(deviceA.subscribeAsync(`application/${CS_APP.b}/device/${EUI.b}/command/down`, { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    await deviceA.subscribeAsync(`application/${CS_APP.a}/device/${EUI.a}/command/down`, { qos: 1 });
    await deviceA.subscribeAsync('application/+/device/+/command/down', { qos: 1 });
    const received: string[] = [];
    deviceA.on('message', (topic) => received.push(topic));

    const command = (org: (typeof orgs)['a']) =>
      server.request('POST', `/api/node-structure-item/${org.app}/items/${org.item}/command`, {
        token: admin,
        body: { commandId: 'ping' },
      });
    expect((await command(orgs.b)).status).toBe(200);
    expect((await command(orgs.a)).status).toBe(200);
    // B's downlink went out first: had it been forwarded, it would have arrived before A's.
    await expect.poll(() => received.length).toBeGreaterThan(0);
    expect(new Set(received)).toEqual(new Set([`application/${CS_APP.a}/device/${EUI.a}/command/down`]));
  });

  it('stops the old password at rotation: new connections are refused and open ones closed', async () => {
    const old = orgs.b.password;
    const open = await connect(orgs.b.id, old);
    const closed = new Promise<void>((resolve) => open.once('close', () => resolve()));
    const rotated = await rotate(admin, orgs.b.id);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ organisationId: orgs.b.id, username: orgs.b.id, password: expect.any(String) });
    expect(rotated.body.password).not.toBe(old);
    await closed;
    await expect(connect(orgs.b.id, old)).rejects.toThrow(/Bad username or password|Not authorized/i);
    const renewed = await connect(orgs.b.id, rotated.body.password);
    await renewed.publishAsync(uplinkTopic(CS_APP.b, EUI.b), uplink(EUI.b, { energy: 3 }), { qos: 1 });
    expect(await values(orgs.b)).toMatchObject({ energy: 3 });
  });
});
