import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import applications from '../../../plugins/applications/server';
import chirpstack from '../../../plugins/chirpstack/server';
import devicePipeline from '../../../plugins/device-pipeline/server';
import nodes from '../../../plugins/nodes/server';
import rawData from '../../../plugins/raw-data/server';
import { DEMO_APPLICATION_ID, DEMO_DEVICES } from '../../../plugins/nodes/common/demo-devices';
import ttn from '../../../plugins/ttn/server';
import { startTestServer, type TestServer } from '../testing';

describe('demo devices driven by the in-process simulator', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({
      plugins: [applications, nodes, devicePipeline, rawData, chirpstack, ttn],
      mqtt: true,
      seedDemo: true,
    });
    admin = (await server.login()).access_token;
  });
  afterAll(() => server?.close());

  it('brings values of the ChirpStack and TTS demo devices within seconds of the start', async () => {
    const apps = await server.request('GET', '/api/application/', { token: admin });
    // The nodes seeder fills the first demo application created; find it by its tree.
    let appId = '';
    for (const app of apps.body.appList as { id: string }[]) {
      const tree = await server.request('GET', `/api/node-structure-item/${app.id}/tree`, { token: admin });
      if ((tree.body.items as { itemName: string }[]).some((row) => row.itemName === DEMO_DEVICES[0]!.itemName)) appId = app.id;
    }
    expect(appId).not.toBe('');
    const rows = async () =>
      (
        await server.request('POST', '/api/raw-data-history/search', {
          token: admin,
          body: { appId, viewMode: 'realtime' },
        })
      ).body.rows as { itemName: string; source: string }[];
    await expect
      .poll(async () => new Set((await rows()).map((row) => row.itemName)).size, { timeout: 20_000, interval: 500 })
      .toBe(DEMO_DEVICES.length);
    expect(new Set((await rows()).map((row) => row.source))).toEqual(new Set(['chirpstack', 'ttn']));
  });

  it('shows a valid value of every demo device: the seeded settings fit what the devices send', async () => {
    const api = `/api/node-structure-item/${DEMO_APPLICATION_ID}`;
    const tree = await server.request('GET', `${api}/tree`, { token: admin });
    const uuids = (tree.body.items as { uuid: string; itemName: string }[])
      .filter((row) => DEMO_DEVICES.some((device) => device.itemName === row.itemName))
      .map((row) => row.uuid);
    expect(uuids).toHaveLength(DEMO_DEVICES.length);
    const items = () =>
      Promise.all(uuids.map(async (uuid) => (await server.request('GET', `${api}/items/${uuid}`, { token: admin })).body));
    await expect
      .poll(async () => (await items()).filter((item) => item.lastValidDate !== null).length, { timeout: 20_000, interval: 500 })
      .toBe(DEMO_DEVICES.length);
    for (const item of await items())
      expect({ item: item.itemName, discarded: item.status.discarded }).toEqual({ item: item.itemName, discarded: undefined });
  });
});
