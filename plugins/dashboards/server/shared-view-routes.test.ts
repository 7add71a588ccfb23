import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, DataSourceSinkToken, type Database } from '@sensorium/core/server';
import { defaultFirstRange, nextRange, type Item } from '@sensorium/nodes/common';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import themes from '../../themes/server';
import type { DashboardDefinition, WidgetDefinition } from '../common';
import plugin from './index';

const PLUGINS = [applications, themes, nodes, devicePipeline, events, plugin];
const APP = 'share_app';
const OTHER = 'share_other';
const BOILER_EUI = '00000000000d0001';
/** A 1×1 PNG: the floor plan and the theme's background. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const REFUSED = 'This link is not valid: it has expired or was revoked.';

const widget = (id: string, type: WidgetDefinition['type'], bindings: WidgetDefinition['bindings'], options = {}) => ({
  id,
  type,
  title: id,
  position: { x: 0, y: 0, w: 6, h: 4 },
  bindings,
  options,
});

describe.each(databaseBackends())('a share link’s view on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let db: Database;
  const uuids: Record<string, string> = {};
  let themeId = '';
  let token = '';
  let otherToken = '';
  let dashboardId = '';

  const api = (method: string, path: string, body?: unknown) => server.request(method, `/api${path}`, { token: admin, body });
  const shared = (path: string, credential = token, headers?: Record<string, string>) =>
    server.request('GET', `/api/dashboard-share${path}`, { token: credential, headers });
  /** Multipart upload as the console sends it. */
  const upload = (path: string, field: string, method = 'POST') => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'picture.png');
    return fetch(`${server.url}/api${path}`, { method, headers: { authorization: `Bearer ${admin}` }, body: form });
  };
  const addItem = async (appId: string, itemName: string, newItem: Record<string, unknown>, parentName = 'root') => {
    const added = await api('POST', `/node-structure-item/${appId}/items`, { parentName, newItem: { itemName, ...newItem } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    uuids[itemName] = (added.body as Item).uuid;
  };
  const createDashboard = async (appId: string, definition: DashboardDefinition) => {
    const created = await api('POST', `/dashboards/${appId}`, definition);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };
  const shareLink = async (appId: string, id: string) =>
    (await api('POST', `/dashboards/${appId}/${id}/share-links`, { validHours: 2 })).body as { id: string; token: string };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: PLUGINS });
    admin = (await server.login()).access_token;
    db = server.running.resolve(DatabaseToken);
    await createTestApplication(server, admin, { id: APP, name: 'Shared' });
    await createTestApplication(server, admin, { id: OTHER, name: 'Another tenant' });

    // root > floor (with a floor plan) > boiler (hot above 30 raises an event); root > pump; another application's sensor.
    await addItem(APP, 'floor', { itemType: 'node' });
    const normal = { ...defaultFirstRange(), name: 'Normal', startNum: 0, endNum: 30 };
    const hot = {
      ...nextRange([normal])!,
      name: 'Hot',
      color: 'red',
      startNum: 30,
      endNum: 100,
      eventSetting: { name: 'Too hot', enable: true, allowAutoClear: false },
    };
    await addItem(
      APP,
      'boiler',
      {
        itemType: 'item',
        itemDisplayName: 'Boiler room',
        dataSource: { type: 'chirpstack', deviceEUI: BOILER_EUI },
        input: {
          temperature: {
            displayName: 'Temperature',
            signal: 'analog',
            unit: '°C',
            decimalPlace: 1,
            rangeEnabled: true,
            rangeSettings: { ranges: [normal, hot] },
          },
        },
      },
      'floor',
    );
    await addItem(APP, 'pump', { itemType: 'item' });
    await addItem(OTHER, 'elsewhere', { itemType: 'item' });
    await addItem(OTHER, 'other-floor', { itemType: 'node' });

    const plan = (await (
      await upload(`/node-structure-item/${APP}/items/${uuids.floor}/object?kind=FLOORPLAN`, 'file')
    ).json()) as {
      image: string;
    };
    expect((await api('POST', `/node-structure-item/${APP}/items/${uuids.floor}/floor-plan`, { image: plan.image })).status).toBe(
      200,
    );
    const pins = { pins: [{ itemName: 'boiler', x: 0.25, y: 0.75 }] };
    expect((await api('PUT', `/node-structure-item/${APP}/items/${uuids.floor}/floor-plan/pins`, pins)).status).toBe(200);

    const theme = await api('POST', '/theme-profile/new', {
      name: 'Night shift',
      theme: { dashboard: { panelColor: '#102030', fontColor: '#f0f0f0' } },
    });
    expect(theme.status, JSON.stringify(theme.body)).toBe(201);
    themeId = theme.body.id;
    expect((await upload(`/theme-profile/${themeId}/background`, 'image', 'PUT')).status).toBe(200);

    // 40 readings over the last 40 minutes, the last one hot: history to chart and an open event.
    const sink = server.running.resolve(DataSourceSinkToken);
    const now = Date.now();
    const readings = Array.from({ length: 40 }, (_, index) => {
      const receivedAt = new Date(now - (40 - index) * 60_000);
      const temperature = index === 39 ? 42 : index === 10 ? 5 : 20 + (index % 3);
      return {
        source: 'chirpstack',
        deviceId: BOILER_EUI,
        dedupKey: `share-${index}`,
        receivedAt,
        fields: { temperature },
        raw: { temperature },
      };
    });
    expect(await sink.ingest(readings)).toMatchObject({ stored: 40 });

    const boiler = [{ itemUuid: uuids.boiler!, field: 'temperature' }];
    dashboardId = await createDashboard(APP, {
      name: 'Plant',
      isMain: true,
      themeId,
      widgets: [
        widget('card', 'value-card', boiler),
        widget('chart', 'time-series', boiler, { rangeHours: 2 }),
        widget('alarms', 'alarm-list', []),
        widget('plan', 'floor-plan', [{ itemUuid: uuids.boiler!, field: '' }], { floorPlanId: uuids.floor }),
      ],
    });
    token = (await shareLink(APP, dashboardId)).token;
    // Another dashboard of the application, showing the pump only, with a widget of its own.
    const pumpOnly = await createDashboard(APP, {
      name: 'Pumps',
      isMain: false,
      themeId: null,
      widgets: [widget('pump-chart', 'time-series', [{ itemUuid: uuids.pump!, field: 'pressure' }])],
    });
    otherToken = (await shareLink(APP, pumpOnly)).token;
  });
  afterAll(() => server?.close());

  it('opens the dashboard with its theme and polls only its bound items’ values', async () => {
    const view = await shared('/view');
    expect(view.status).toBe(200);
    expect(view.body.theme).toEqual({ panelColor: '#102030', fontColor: '#f0f0f0', hasBackground: true });
    expect(view.body.items.map((item: { uuid: string }) => item.uuid)).toEqual([uuids.boiler]);
    const values = await shared('/values');
    expect(values.body).toEqual([expect.objectContaining({ uuid: uuids.boiler, outputSimple: { temperature: 42 } })]);
    expect((await shared('/values', otherToken)).body.map((item: { uuid: string }) => item.uuid)).toEqual([uuids.pump]);
  });

  it('charts a time-series widget’s history downsampled like the signed-in chart', async () => {
    const chart = await shared('/widgets/chart/chart?points=10');
    expect(chart.status, JSON.stringify(chart.body)).toBe(200);
    const [series] = chart.body.series;
    expect(series).toMatchObject({ itemUuid: uuids.boiler, field: 'temperature' });
    const values = (series.points as [number, number][]).map(([, value]) => value);
    // 40 readings thinned to each bucket's lowest and highest: fewer points, the peaks kept.
    expect(values.length).toBeLessThan(40);
    expect(values).toContain(42);
    expect(values).toContain(5);
    const full = await shared('/widgets/chart/chart');
    expect(full.body.series[0].points).toHaveLength(40);
    const signedIn = await api('GET', `/node-structure-item/${APP}/items/${uuids.boiler}/chart?field=temperature`);
    expect(full.body.series[0].points).toEqual(signedIn.body.series.temperature);
  });

  it('lists the open alarms of the dashboard’s items, read only, with no more than the widget shows', async () => {
    const alarms = await shared('/widgets/alarms/alarms');
    expect(alarms.status, JSON.stringify(alarms.body)).toBe(200);
    expect(alarms.body).toEqual([
      {
        id: expect.any(String),
        itemName: 'boiler',
        displayName: 'Boiler room',
        rangeName: 'Hot',
        value: '42.0',
        severity: expect.any(Number),
        isAcknowledged: false,
        generatedAt: expect.any(String),
      },
    ]);
    // The pumps' dashboard binds no item with alarms (and has no alarm list); a link acknowledges nothing.
    expect((await shared('/widgets/alarms/alarms', otherToken)).status).toBe(404);
    const acknowledge = await server.request('POST', `/api/system-events-api/${APP}/events/ack`, {
      token,
      body: { ids: [alarms.body[0].id] },
    });
    expect(acknowledge.status).toBe(401);
  });

  it('answers the floor plan’s pins of bound items and its image, by header or by the image address', async () => {
    const plan = await shared('/widgets/plan/floor-plan');
    expect(plan.body).toEqual({ pins: [{ itemUuid: uuids.boiler, x: 0.25, y: 0.75 }] });
    for (const image of [
      await fetch(`${server.url}/api/dashboard-share/widgets/plan/floor-plan/image?dashboard_token=${token}`),
      await fetch(`${server.url}/api/dashboard-share/widgets/plan/floor-plan/image`, {
        headers: { authorization: `Bearer ${token}` },
      }),
      await fetch(`${server.url}/api/dashboard-share/theme/background?dashboard_token=${token}`),
    ]) {
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    }
    expect((await fetch(`${server.url}/api/dashboard-share/widgets/plan/floor-plan/image`)).status).toBe(401);
    // The pumps' dashboard has no theme and no floor plan.
    expect((await fetch(`${server.url}/api/dashboard-share/theme/background?dashboard_token=${otherToken}`)).status).toBe(404);
  });

  it('reaches nothing of another dashboard or another tenant', async () => {
    // Widgets are found by id in the link's own dashboard only.
    expect((await shared('/widgets/pump-chart/chart')).status).toBe(404);
    expect((await shared('/widgets/chart/chart', otherToken)).status).toBe(404);
    expect((await shared('/widgets/card/floor-plan')).body.message).toBe('The shared dashboard has no such widget.');
    // A dashboard row bound to another application's item and node (the API refuses such bindings; the row is made
    // directly) shows none of them through its link.
    const foreign = randomUUID();
    const widgets = [
      widget('chart', 'time-series', [{ itemUuid: uuids.elsewhere!, field: 'temperature' }]),
      widget('plan', 'floor-plan', [{ itemUuid: uuids.elsewhere!, field: '' }], { floorPlanId: uuids['other-floor'] }),
    ];
    await db.execute(
      sql`INSERT INTO dashboards (id, app_id, name, widgets) VALUES (${foreign}, ${APP}, 'Foreign', ${JSON.stringify(widgets)}::jsonb)`,
    );
    const foreignToken = (await shareLink(APP, foreign)).token;
    expect((await shared('/view', foreignToken)).body.items).toEqual([]);
    expect((await shared('/values', foreignToken)).body).toEqual([]);
    expect((await shared('/widgets/chart/chart', foreignToken)).body).toEqual({ series: [] });
    expect((await shared('/widgets/plan/floor-plan', foreignToken)).status).toBe(404);
    // The API refuses them: a foreign floor plan and a theme the editor does not see.
    const refused = await api('PUT', `/dashboards/${APP}/${foreign}`, {
      name: 'Foreign',
      isMain: false,
      themeId: null,
      widgets: [widget('plan', 'floor-plan', [], { floorPlanId: uuids['other-floor'] })],
    });
    expect(refused.body).toMatchObject({ statusCode: 400, field: 'widgets.0.options.floorPlanId' });
    const unknownTheme = await api('PUT', `/dashboards/${APP}/${foreign}`, {
      name: 'Foreign',
      isMain: false,
      themeId: randomUUID(),
      widgets: [],
    });
    expect(unknownTheme.body).toMatchObject({ statusCode: 400, field: 'themeId' });
  });

  it('refuses every call of an expired or revoked link with a translated 401', async () => {
    const paths = ['/view', '/values', '/widgets/chart/chart', '/widgets/alarms/alarms', '/widgets/plan/floor-plan'];
    const expiring = await shareLink(APP, dashboardId);
    await db.execute(sql`UPDATE dashboards_share_links SET expires_at = now() - interval '1 minute' WHERE id = ${expiring.id}`);
    const revoked = await shareLink(APP, dashboardId);
    expect((await api('DELETE', `/dashboards/${APP}/${dashboardId}/share-links/${revoked.id}`)).status).toBe(200);
    for (const credential of [expiring.token, revoked.token, 'not-a-token']) {
      for (const path of paths) {
        const answer = await shared(path, credential);
        expect(answer.status, path).toBe(401);
        expect(answer.body.message).toBe(REFUSED);
      }
      const image = await fetch(`${server.url}/api/dashboard-share/theme/background?dashboard_token=${credential}`);
      expect(image.status).toBe(401);
    }
    const chinese = await shared('/values', revoked.token, { 'accept-language': 'zh-CN' });
    expect(chinese.body.message).toBe('此链接无效：已过期或已被撤销。');
    // The link still open answers as before.
    expect((await shared('/values')).status).toBe(200);
  });
});
