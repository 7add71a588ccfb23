import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import nodes from '../../nodes/server';
import chirpstack from './index';

const CS_APP = '9d1f7c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
const OTHER_APP = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe.each(databaseBackends())('ChirpStack device identity on %s', (backend) => {
  let server: TestServer;
  let device: MqttClient;
  let admin: string;
  const api = '/api/node-structure-item/cs_identity/items';

  const added = async (itemName: string, dataSource: Record<string, unknown>): Promise<string> => {
    const response = await server.request('POST', api, {
      token: admin,
      body: { newItem: { itemType: 'item', itemName, dataSource: { type: 'chirpstack', ...dataSource } }, parentName: 'root' },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.uuid as string;
  };
  const item = async (uuid: string) => (await server.request('GET', `${api}/${uuid}`, { token: admin })).body;
  /** Publishes as ChirpStack's MQTT integration does; the embedded broker acknowledges once the uplink is committed. */
  const publish = (application: string, devEui: string, object: Record<string, unknown>) =>
    device.publishAsync(
      `${server.mqtt!.topicPrefix}application/${application}/device/${devEui}/event/up`,
      JSON.stringify({
        deduplicationId: randomUUID(),
        time: new Date().toISOString(),
        deviceInfo: { applicationId: application, devEui },
        fCnt: 1,
        object,
      }),
      { qos: 1 },
    );

  beforeAll(async () => {
    server = await startTestServer({ backend, mqtt: true, plugins: [applications, nodes, devicePipeline, chirpstack] });
    admin = (await server.login()).access_token;
    const created = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: 'cs_identity', name: 'Identity', description: '', endCustomerId: 'end_default' },
    });
    expect(created.status).toBe(201);
    await server.request('GET', '/api/node-structure-item/cs_identity/tree', { token: admin });
    device = await connectAsync(server.mqtt!.url, {
      clientId: `cs-identity-${randomUUID().slice(0, 8)}`,
      username: server.mqtt!.username,
      password: server.mqtt!.password,
    });
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await server?.close();
  });

  it("does not ingest an uplink whose application differs from the item's", async () => {
    const uuid = await added('meter', { deviceEUI: 'A84041000181C61D', application: CS_APP });
    await publish(OTHER_APP, 'a84041000181c61d', { energy: 666 });
    expect((await item(uuid)).outputSimple).toEqual({});
    await publish(CS_APP, 'a84041000181c61d', { energy: 12 });
    expect((await item(uuid)).outputSimple).toMatchObject({ energy: 12 });
  });

  it('fills an empty application from the first uplink, marks it learnt, and then keeps to its uplinks', async () => {
    const uuid = await added('valve', { deviceEUI: '0102030405060708' });
    await publish(CS_APP, '0102030405060708', { open: 1 });
    const learnt = await item(uuid);
    expect(learnt.outputSimple).toMatchObject({ open: 1 });
    expect(learnt.dataSource).toMatchObject({ application: CS_APP, applicationLearnt: true });
    await publish(OTHER_APP, '0102030405060708', { open: 0 });
    expect((await item(uuid)).outputSimple).toMatchObject({ open: 1 });
    // The same device in another ChirpStack application is another identity and may be bound to its own item.
    const twin = await added('valve-other', { deviceEUI: '0102030405060708', application: OTHER_APP });
    await publish(OTHER_APP, '0102030405060708', { open: 0 });
    expect((await item(twin)).outputSimple).toMatchObject({ open: 0 });
    expect((await item(uuid)).outputSimple).toMatchObject({ open: 1 });
  });
});
