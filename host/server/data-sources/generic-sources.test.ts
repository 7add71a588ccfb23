import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPlugins } from '../plugins';
import { databaseBackends, startTestServer, type TestServer } from '../testing';

/** Each generic source, with the data source the wizard saves for a device and that device's id in its topics. */
const SOURCES = [
  { type: 'robot', deviceId: 'RBT-0042', dataSource: { sn: 'RBT-0042', deviceEUI: 'RBT-0042', serverType: 'test' } },
  { type: 'lift', deviceId: 'LIFT-A1', dataSource: { sn: 'LIFT-A1', deviceEUI: 'LIFT-A1', topFloor: 'L5', bottomFloor: 'L1' } },
  { type: 'rgtnbiot', deviceId: '867530912345678', dataSource: { deviceEUI: '867530912345678' } },
  {
    type: 'trackcentral',
    deviceId: '70b3d5e75e000001',
    dataSource: { deviceEUI: '70B3D5E75E000001', activateMethod: 'OTAA', version: '1.0', deviceProfile: 'p1' },
  },
];
const PLUGINS = ['applications', 'nodes', 'device-pipeline', ...SOURCES.map((source) => source.type)];

describe.each(databaseBackends())('robot, lift, RGT NB-IoT and TrackCentral uplinks on %s', (backend) => {
  let server: TestServer;
  let token: string;
  let device: MqttClient;
  const appId = `gen_${randomUUID().slice(0, 8)}`;
  const api = (method: string, path: string, body?: unknown) => server.request(method, `/api${path}`, { token, body });
  const items = `/node-structure-item/${appId}`;
  const addItem = (itemName: string, dataSource: Record<string, unknown>) =>
    api('POST', `${items}/items`, { newItem: { itemType: 'item', itemName, dataSource }, parentName: 'root' });

  beforeAll(async () => {
    const plugins = serverPlugins.filter((plugin) => PLUGINS.includes(plugin.manifest.id));
    server = await startTestServer({ backend, mqtt: true, plugins });
    token = (await server.login()).access_token;
    const created = await api('POST', '/application/new/', { id: appId, name: 'Generic sources', endCustomerId: 'end_default' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await api('GET', `${items}/tree`);
    device = await connectAsync(server.mqtt!.url, {
      clientId: `generic-${randomUUID().slice(0, 8)}`,
      username: server.mqtt!.username,
      password: server.mqtt!.password,
    });
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await server?.close();
  });

  it.each(SOURCES)("stores a $type device's generic JSON uplink on its item", async ({ type, deviceId, dataSource }) => {
    const added = await addItem(`${type}-item`, { type, ...dataSource });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const time = new Date(Date.now() - 1000).toISOString();
    const uplink = JSON.stringify({ deviceId, counter: 1, time, fields: { battery: 88, state: 'idle' } });
    await device.publishAsync(`${server.mqtt!.topicPrefix}sensorium/${type}/${deviceId}/up`, uplink, { qos: 1 });

    await expect
      .poll(async () => (await api('GET', `${items}/items/${added.body.uuid}`)).body.outputSimple, { timeout: 10_000 })
      .toMatchObject({ battery: 88, state: 'idle' });
    const item = (await api('GET', `${items}/items/${added.body.uuid}`)).body;
    expect(item.lastReceiveDate).toBe(time);
  });

  it('refuses a robot or lift whose device id is not its serial number, since its uplinks would never reach it', async () => {
    const robot = await addItem('robot-no-id', { type: 'robot', sn: 'RBT-7' });
    expect(robot.status).toBe(400);
    expect(robot.body).toMatchObject({ field: 'newItem.dataSource.deviceEUI', code: 'robot.errors.deviceIdIsSn' });
    const lift = await addItem('lift-no-sn', { type: 'lift', sn: ' ', deviceEUI: 'x' });
    expect(lift.status).toBe(400);
    expect(lift.body).toMatchObject({
      field: 'newItem.dataSource.sn',
      code: 'lift.errors.sn',
      message: 'Please enter the serial number.',
    });
  });
});
