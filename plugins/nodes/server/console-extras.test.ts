import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, FileStoreToken, type Database } from '@sensorium/core/server';
import { scopedFileStore } from '../../../host/server/plugin-host/scoped-services';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import type { Item } from '../common/types';
import type { NodesConfig } from './config';
import nodes from './index';
import { NodeObjectStore } from './maps';
import { siteObjectsParticipant } from './site-objects-participant';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A local stand-in for a Nominatim server: answers /search by the query text. */
async function startGeocoder(): Promise<{ url: string; server: Server; seen: URL[] }> {
  const seen: URL[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    seen.push(url);
    const q = url.searchParams.get('q') ?? '';
    if (q === 'broken') {
      response.writeHead(500).end('down');
      return;
    }
    if (q === 'garbage') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"not":"a list"}');
      return;
    }
    const places =
      q === 'nowhere'
        ? []
        : [
            { lat: '22.2793', lon: '114.1628', display_name: `${q}, Central, Hong Kong` },
            { lat: 'x', lon: '1', display_name: 'unusable' },
            { lat: '22.3193', lon: '114.1694', display_name: `${q}, Mong Kok, Hong Kong` },
          ];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(places));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server, seen };
}

describe.each(databaseBackends())('device profiles, site images and location search on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let db: Database;
  let geocoder: Awaited<ReturnType<typeof startGeocoder>>;
  const api = (appId: string) => `/api/node-structure-item/${appId}`;

  const createApp = async (id: string, token = admin, endCustomerId = 'end_default') => {
    const response = await server.request('POST', '/api/application/new/', {
      token,
      body: { id, name: `App ${id}`, description: '', endCustomerId },
    });
    expect(response.status).toBe(201);
  };
  const addItem = async (appId: string, itemName: string, itemType = 'item', parentName = 'root'): Promise<Item> => {
    const response = await server.request('POST', `${api(appId)}/items`, {
      token: admin,
      body: { newItem: { itemType, itemName }, parentName },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const upload = (appId: string, uuid: string, kind: string, content: Buffer, type: string, token = admin) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)], { type }), 'picture');
    return fetch(`${server.url}${api(appId)}/items/${uuid}/object?kind=${kind}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };
  const organisationUser = (username: string, organisationId: string, permissions: string[]) =>
    server.loginAs({ username, organisationId, permissions });

  beforeAll(async () => {
    geocoder = await startGeocoder();
    // The stand-in geocoder listens on loopback, which outbound requests reach only when allowed.
    server = await startTestServer({ backend, plugins: [applications, nodes], outboundAllow: ['127.0.0.1'] });
    admin = (await server.login()).access_token;
    db = server.running.container.resolve(DatabaseToken);
    await createApp('site');
  });
  afterAll(async () => {
    await server?.close();
    geocoder?.server.close();
  });

  it('lists the seeded device profiles of a data-source group and returns one whole profile', async () => {
    const lora = await server.request('POST', '/api/device-profile/get-deviceProfileList-simple/site', {
      token: admin,
      body: { dataSourceType: 'lora' },
    });
    expect(lora.status).toBe(200);
    const names = lora.body.map((profile: { deviceProfileName: string }) => profile.deviceProfileName);
    expect(names).toContain('Dragino LHT65 Temperature & Humidity');
    expect(names).toContain('Milesight WS523 Power Meter Socket');
    expect(names).not.toContain('PRTG Ping Sensor');
    expect(Object.keys(lora.body[0]).sort()).toEqual(['deviceProfileName', 'sensorBrand', 'sensorModel', 'subType', 'uuid']);

    const prtg = await server.request('POST', '/api/device-profile/get-deviceProfileList-simple/site', {
      token: admin,
      body: { dataSourceType: 'prtg' },
    });
    expect(prtg.body).toEqual([
      expect.objectContaining({ deviceProfileName: 'PRTG Ping Sensor', sensorBrand: 'Paessler', subType: 'network' }),
    ]);

    const meter = lora.body.find((profile: { sensorModel: string }) => profile.sensorModel === 'WS523');
    const full = await server.request('POST', '/api/device-profile/get-deviceProfileByUuid/site', {
      token: admin,
      body: { uuid: meter.uuid },
    });
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({
      uuid: meter.uuid,
      appId: null,
      dataSource: 'lora',
      sensorBrand: 'Milesight',
      commands: [
        { id: 'ws523-on', display: 'Switch on' },
        { id: 'ws523-off', display: 'Switch off' },
      ],
    });
    expect(full.body.outputSimpleDefault).toHaveProperty('active_power');
    const robot = await server.request('POST', '/api/device-profile/get-deviceProfileList-simple/site', {
      token: admin,
      body: { dataSourceType: 'robot' },
    });
    const robotProfile = await server.request('POST', '/api/device-profile/get-deviceProfileByUuid/site', {
      token: admin,
      body: { uuid: robot.body[0].uuid },
    });
    expect(robotProfile.body.deviceExtraInfoSetting).toContainEqual({ name: 'autoDock', type: 'boolean' });

    const unknownType = await server.request('POST', '/api/device-profile/get-deviceProfileList-simple/site', {
      token: admin,
      body: { dataSourceType: 'zigbee' },
    });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.field).toBe('dataSourceType');
    const missing = await server.request('POST', '/api/device-profile/get-deviceProfileByUuid/site', {
      token: admin,
      body: { uuid: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
  });

  it('offers an application its own profiles beside the global ones, and no other application’s', async () => {
    await createApp('other_site');
    await db.execute(sql`
      INSERT INTO device_profiles (uuid, app_id, device_profile_name, sensor_model, data_source, commands)
      VALUES ('6a1c1e0e-00ff-4c5e-9a51-0000000000ff', 'other_site', 'Custom Valve', 'VALVE-9', 'lora',
              '[{"id":"open","display":"Open valve","payload":"AQ=="}]')
    `);
    const list = async (appId: string) =>
      (
        await server.request('POST', `/api/device-profile/get-deviceProfileList-simple/${appId}`, {
          token: admin,
          body: { dataSourceType: 'lora' },
        })
      ).body.map((profile: { deviceProfileName: string }) => profile.deviceProfileName);
    expect(await list('other_site')).toContain('Custom Valve');
    expect(await list('site')).not.toContain('Custom Valve');
    const foreign = await server.request('POST', '/api/device-profile/get-deviceProfileByUuid/site', {
      token: admin,
      body: { uuid: '6a1c1e0e-00ff-4c5e-9a51-0000000000ff' },
    });
    expect(foreign.status).toBe(404);

    const tasks = (query: string) =>
      server.request('GET', `/api/node-structure-item/getTaskListInDevice?${query}`, { token: admin });
    expect((await tasks('deviceAdaptor=chirpstack&sn=&model=WS523')).body.commands).toEqual([
      { id: '', display: 'No command selected' },
      expect.objectContaining({ id: 'ws523-on', display: 'Switch on' }),
      expect.objectContaining({ id: 'ws523-off', display: 'Switch off' }),
    ]);
    expect((await tasks('deviceAdaptor=lift&model=Lift%20Gateway%20L2')).body.commands).toHaveLength(3);
    expect((await tasks('deviceAdaptor=chirpstack&model=VALVE-9')).body.commands).toHaveLength(1);
    expect((await tasks('deviceAdaptor=chirpstack&model=VALVE-9&appId=other_site')).body.commands).toHaveLength(2);
    expect((await tasks('deviceAdaptor=crawler&model=WS523')).body.commands).toEqual([
      { id: '', display: 'No command selected' },
    ]);
    expect((await tasks('model=WS523')).status).toBe(400);
  });

  it('hides the profiles of an application the caller cannot see (404)', async () => {
    const stranger = await organisationUser('profile_stranger', 'org_far', ['nodemanagement']);
    const calls = [
      server.request('POST', '/api/device-profile/get-deviceProfileList-simple/site', {
        token: stranger,
        body: { dataSourceType: 'lora' },
      }),
      server.request('POST', '/api/device-profile/get-deviceProfileByUuid/site', {
        token: stranger,
        body: { uuid: '6a1c1e0e-0001-4c5e-9a51-0000000000a1' },
      }),
      server.request('GET', '/api/node-structure-item/getTaskListInDevice?deviceAdaptor=lora&model=LHT65&appId=site', {
        token: stranger,
      }),
      server.request('GET', `${api('site')}/object/6a1c1e0e-0001-4c5e-9a51-0000000000a1.png`, { token: stranger }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(404);
    const anonymous = await server.request('POST', '/api/device-profile/get-deviceProfileList-simple/site', {
      body: { dataSourceType: 'lora' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('uploads a site image, serves it to an <img> with ?token= and replaces it on the next upload', async () => {
    const item = await addItem('site', 'lobby');
    const first = await upload('site', item.uuid, 'SITE_IMAGE', PNG, 'image/png');
    expect(first.status).toBe(200);
    const result = (await first.json()) as { image: string; kind: string; item: Item };
    expect(result.kind).toBe('SITE_IMAGE');
    expect(result.image).toMatch(/^[a-f0-9-]{36}\.png$/);
    expect(result.item.geoInfo.site?.image).toBe(result.image);

    const image = await fetch(`${server.url}${api('site')}/object/${result.image}?token=${admin}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${server.url}${api('site')}/object/${result.image}`)).status).toBe(401);
    expect((await fetch(`${server.url}${api('site')}/object/..%2F..%2Fsecret.png?token=${admin}`)).status).toBe(400);

    const second = (await (await upload('site', item.uuid, 'SITE_IMAGE', PNG, 'image/png')).json()) as { image: string };
    expect(second.image).not.toBe(result.image);
    expect((await fetch(`${server.url}${api('site')}/object/${result.image}?token=${admin}`)).status).toBe(404);
    const stored = await server.request('GET', `${api('site')}/items/${item.uuid}`, { token: admin });
    expect(stored.body.geoInfo.site.image).toBe(second.image);

    const text = await upload('site', item.uuid, 'SITE_IMAGE', Buffer.from('hello'), 'text/plain');
    expect(text.status).toBe(400);
    expect(((await text.json()) as { field: string }).field).toBe('file');
    const svg = await upload('site', item.uuid, 'SITE_IMAGE', Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml');
    expect(svg.status).toBe(400);
    const wrongKind = await upload('site', item.uuid, 'AVATAR', PNG, 'image/png');
    expect(wrongKind.status).toBe(400);

    const removed = await server.request('DELETE', `${api('site')}/items/${item.uuid}/object?kind=SITE_IMAGE`, { token: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.geoInfo.site?.image).toBeUndefined();
  });

  it('creates a floor plan from an uploaded image, pins the items below it and deletes it with its file', async () => {
    const floor = await addItem('site', 'floor1', 'node');
    const sensor = await addItem('site', 'floor1-temp', 'item', 'floor1');
    const elsewhere = await addItem('site', 'roof-temp');
    const uploaded = (await (await upload('site', floor.uuid, 'FLOORPLAN', PNG, 'image/png')).json()) as {
      image: string;
      item: Item;
    };
    expect(uploaded.item.geoInfo.floorPlan).toBeUndefined();

    const noPlanPins = await server.request('PUT', `${api('site')}/items/${floor.uuid}/floor-plan/pins`, {
      token: admin,
      body: { pins: [] },
    });
    expect(noPlanPins.status).toBe(400);
    const unknownImage = await server.request('POST', `${api('site')}/items/${floor.uuid}/floor-plan`, {
      token: admin,
      body: { image: '00000000-0000-4000-8000-000000000000.png' },
    });
    expect(unknownImage.status).toBe(400);

    const created = await server.request('POST', `${api('site')}/items/${floor.uuid}/floor-plan`, {
      token: admin,
      body: { image: uploaded.image },
    });
    expect(created.status).toBe(200);
    expect(created.body.geoInfo.floorPlan).toEqual({ origin: { image: uploaded.image, imageEnable: true }, pins: [] });

    const pinned = await server.request('PUT', `${api('site')}/items/${floor.uuid}/floor-plan/pins`, {
      token: admin,
      body: { pins: [{ itemName: 'floor1-temp', x: 0.25, y: 0.5 }] },
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body.geoInfo.floorPlan.pins).toEqual([{ itemName: 'floor1-temp', x: 0.25, y: 0.5 }]);
    const treeRows = (await server.request('GET', `${api('site')}/tree`, { token: admin })).body.items;
    expect(treeRows.find((row: { itemName: string }) => row.itemName === 'floor1')).toMatchObject({ hasFloorPlan: true });
    expect(treeRows.find((row: { uuid: string }) => row.uuid === sensor.uuid)).toMatchObject({ hasPin: true });
    const notChild = await server.request('PUT', `${api('site')}/items/${floor.uuid}/floor-plan/pins`, {
      token: admin,
      body: { pins: [{ itemName: elsewhere.itemName, x: 0.1, y: 0.1 }] },
    });
    expect(notChild.status).toBe(400);
    expect(notChild.body.field).toBe('pins.0.itemName');
    const outside = await server.request('PUT', `${api('site')}/items/${floor.uuid}/floor-plan/pins`, {
      token: admin,
      body: { pins: [{ itemName: 'floor1-temp', x: 1.5, y: 0.1 }] },
    });
    expect(outside.status).toBe(400);

    const wrongName = await server.request(
      'DELETE',
      `${api('site')}/items/${floor.uuid}/object?kind=FLOORPLAN&image=00000000-0000-4000-8000-000000000000.png`,
      { token: admin },
    );
    expect(wrongName.status).toBe(404);
    const deleted = await server.request(
      'DELETE',
      `${api('site')}/items/${floor.uuid}/object?kind=FLOORPLAN&image=${uploaded.image}`,
      { token: admin },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.geoInfo.floorPlan).toBeUndefined();
    expect((await fetch(`${server.url}${api('site')}/object/${uploaded.image}?token=${admin}`)).status).toBe(404);
    const again = await server.request('DELETE', `${api('site')}/items/${floor.uuid}/object?kind=FLOORPLAN`, { token: admin });
    expect(again.status).toBe(404);
  });

  it('refuses image changes without nodemanagement (403) and hides another organisation’s items (404)', async () => {
    const owner = await organisationUser('image_owner', 'org_img', ['useredit', 'nodemanagement']);
    const reader = await organisationUser('image_reader', 'org_img', []);
    const customer = await server.request('POST', '/api/customer/end-customer/', { token: owner, body: { name: 'Img' } });
    await createApp('img_app', owner, customer.body.id);
    const added = await server.request('POST', `${api('img_app')}/items`, {
      token: owner,
      body: { newItem: { itemType: 'item', itemName: 'gate' }, parentName: 'root' },
    });
    const item = added.body as Item;
    expect((await upload('img_app', item.uuid, 'SITE_IMAGE', PNG, 'image/png', reader)).status).toBe(403);
    const floorPlan = await server.request('POST', `${api('img_app')}/items/${item.uuid}/floor-plan`, {
      token: reader,
      body: { image: '00000000-0000-4000-8000-000000000000.png' },
    });
    expect(floorPlan.status).toBe(403);
    expect((await upload('img_app', item.uuid, 'SITE_IMAGE', PNG, 'image/png', owner)).status).toBe(200);
    const stranger = await organisationUser('image_stranger', 'org_elsewhere', ['nodemanagement']);
    expect((await upload('img_app', item.uuid, 'SITE_IMAGE', PNG, 'image/png', stranger)).status).toBe(404);
  });

  it('searches places through the configured geocoder and answers an empty list when it is off or failing', async () => {
    const config = server.running.pluginConfigs.get('nodes') as NodesConfig;
    const search = (path: string) => server.request('GET', `/api/location/${path}`, { token: admin });

    // The stand-in is local: no need to space requests a second apart as for OpenStreetMap's geocoder.
    config.geocoderIntervalMs = 0;
    config.geocoderUrl = null;
    expect((await search('searchGoogleMap/Central')).body).toEqual([]);

    config.geocoderUrl = geocoder.url;
    const places = await search('searchGoogleMap/Central?lang=hk');
    expect(places.status).toBe(200);
    expect(places.body).toEqual([
      { address: 'Central, Central, Hong Kong', lat: 22.2793, lng: 114.1628 },
      { address: 'Central, Mong Kok, Hong Kong', lat: 22.3193, lng: 114.1694 },
    ]);
    const asked = geocoder.seen.at(-1)!;
    expect(asked.pathname).toBe('/search');
    expect(asked.searchParams.get('format')).toBe('jsonv2');
    expect(asked.searchParams.get('accept-language')).toBe('zh-HK');

    const address = await search(`searchGoogleMapAddress/${encodeURIComponent('1 Queen’s Road')}`);
    expect(address.body).toEqual([{ address: '1 Queen’s Road, Central, Hong Kong', lat: 22.2793, lng: 114.1628 }]);
    expect((await search('searchGoogleMapAddress/nowhere')).body).toEqual([]);
    expect((await search('searchGoogleMap/broken')).body).toEqual([]);
    expect((await search('searchGoogleMap/garbage')).body).toEqual([]);

    config.geocoderUrl = 'http://127.0.0.1:9';
    expect((await search('searchGoogleMap/Central')).body).toEqual([]);
    expect((await server.request('GET', '/api/location/searchGoogleMap/Central')).status).toBe(401);
    config.geocoderUrl = null;
  });

  it('tells every browser the map tile template of its configuration with the tiles’ attribution', async () => {
    const config = server.running.pluginConfigs.get('nodes') as NodesConfig;
    expect((await server.request('GET', '/api/location/map-settings', { token: admin })).body).toEqual({
      tileUrl: null,
      attribution: null,
    });
    config.mapTileUrl = 'https://tiles.acme.example/{z}/{x}/{y}.png';
    const settings = await server.request('GET', '/api/location/map-settings', { token: admin });
    expect(settings.body).toEqual({
      tileUrl: 'https://tiles.acme.example/{z}/{x}/{y}.png',
      attribution: { text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' },
    });
    // A dashboard's share link is opened without signing in, and its map draws the same tiles.
    expect((await server.request('GET', '/api/location/map-settings')).body).toEqual(settings.body);
    config.mapTileUrl = null;
  });

  it('backs up site images and the application’s own profiles, restores them into another application and deletes them', async () => {
    await createApp('backup_src');
    const item = await addItem('backup_src', 'hall');
    const { image } = (await (await upload('backup_src', item.uuid, 'SITE_IMAGE', PNG, 'image/png')).json()) as { image: string };
    await db.execute(sql`
      INSERT INTO device_profiles (app_id, device_profile_name, sensor_model, data_source)
      VALUES ('backup_src', 'Own Meter', 'OWN-1', 'lora')
    `);
    // The plugin's own view of the file store (its keys under nodes/).
    const objects = new NodeObjectStore(scopedFileStore(server.running.container.resolve(FileStoreToken), 'nodes'));
    const participant = siteObjectsParticipant(db, objects);
    const exported = await participant.exportData('backup_src');
    expect(exported.files).toEqual([{ name: image, content: PNG }]);
    expect(exported.data[0]!.rows).toEqual([expect.objectContaining({ deviceProfileName: 'Own Meter', appId: 'backup_src' })]);

    await createApp('backup_copy');
    await db.transaction((tx) => participant.importData('backup_copy', exported, tx));
    expect((await objects.read('backup_copy', image))?.content.equals(PNG)).toBe(true);
    const copied = await server.request('POST', '/api/device-profile/get-deviceProfileList-simple/backup_copy', {
      token: admin,
      body: { dataSourceType: 'lora' },
    });
    const own = copied.body.find((profile: { deviceProfileName: string }) => profile.deviceProfileName === 'Own Meter');
    expect(own.uuid).not.toBe(exported.data[0]!.rows[0]!.uuid);

    await db.transaction((tx) => participant.deleteData('backup_copy', tx));
    expect(await objects.list('backup_copy')).toEqual([]);
    expect(await objects.list('backup_src')).toEqual([image]);
    const after = await server.request('POST', '/api/device-profile/get-deviceProfileList-simple/backup_copy', {
      token: admin,
      body: { dataSourceType: 'lora' },
    });
    expect(after.body.map((profile: { deviceProfileName: string }) => profile.deviceProfileName)).not.toContain('Own Meter');
  });
});
