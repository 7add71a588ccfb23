import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import themes from '../../themes/server';
import { DashboardCatalogToken, MAX_WIDGETS, type DashboardDefinition, type WidgetDefinition } from '../common';
import { DatabaseToken } from '@sensorium/core/server';
import plugin from './index';
import { ShareLinks } from './share-links';

const PLUGINS = [applications, themes, nodes, devicePipeline, events, plugin];
const APP = 'dash_app';
const OTHER = 'dash_other';

const card = (itemUuid: string, id = 'w1'): WidgetDefinition => ({
  id,
  type: 'value-card',
  title: 'Temperature',
  position: { x: 0, y: 0, w: 3, h: 2 },
  bindings: [{ itemUuid, field: 'temperature' }],
  options: {},
});
const definition = (widgets: WidgetDefinition[] = [], change: Partial<DashboardDefinition> = {}): DashboardDefinition => ({
  name: 'Plant',
  isMain: false,
  themeId: null,
  widgets,
  ...change,
});

describe.each(databaseBackends())('dashboards API on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let sensor: string;
  let otherSensor: string;
  const api = (method: string, path: string, body?: unknown, token = admin) =>
    server.request(method, `/api${path}`, { token, body });

  const addSensor = async (appId: string, itemName: string) => {
    const added = await api('POST', `/node-structure-item/${appId}/items`, {
      parentName: 'root',
      newItem: {
        itemType: 'item',
        itemName,
        input: { temperature: { displayName: 'Temperature', signal: 'analog', unit: '°C', decimalPlace: 1 } },
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return (added.body as { uuid: string }).uuid;
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: PLUGINS });
    admin = (await server.login()).access_token;
    await createTestApplication(server, admin, { id: APP, name: 'Dashboards' });
    await createTestApplication(server, admin, { id: OTHER, name: 'Other' });
    sensor = await addSensor(APP, 'boiler');
    otherSensor = await addSensor(OTHER, 'elsewhere');
  });
  afterAll(() => server?.close());

  it('creates the first dashboard as main, keeps exactly one main, and lists them', async () => {
    const first = await api('POST', `/dashboards/${APP}`, definition([card(sensor)]));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ name: 'Plant', isMain: true, widgets: [card(sensor)] });
    const second = await api('POST', `/dashboards/${APP}`, definition([], { name: 'Second', isMain: true }));
    expect(second.body.isMain).toBe(true);
    const list = await api('GET', `/dashboards/${APP}/list`);
    expect(list.body.map((row: { name: string; isMain: boolean }) => [row.name, row.isMain])).toEqual([
      ['Plant', false],
      ['Second', true],
    ]);
    expect((await api('GET', `/dashboards/${APP}/main`)).body.dashboard.id).toBe(second.body.id);
    // The main one cannot be unmarked; deleting it makes the oldest other main.
    const unmark = await api('PUT', `/dashboards/${APP}/${second.body.id}`, definition([], { name: 'Second' }));
    expect(unmark.status).toBe(400);
    expect(unmark.body).toMatchObject({ field: 'isMain' });
    expect((await api('DELETE', `/dashboards/${APP}/${second.body.id}`)).status).toBe(200);
    expect((await api('GET', `/dashboards/${APP}/main`)).body.dashboard.id).toBe(first.body.id);
  });

  it('updates a dashboard and answers its bound items with their field settings', async () => {
    const { body: main } = await api('GET', `/dashboards/${APP}/main`);
    const updated = await api('PUT', `/dashboards/${APP}/${main.dashboard.id}`, {
      ...definition([card(sensor), { ...card(sensor, 'w2'), type: 'gauge', options: { min: 0, max: 50 } }]),
      isMain: true,
      name: 'Renamed',
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.widgets).toHaveLength(2);
    const items = await api('GET', `/dashboards/${APP}/${main.dashboard.id}/items`);
    expect(items.body).toEqual([
      expect.objectContaining({
        uuid: sensor,
        itemName: 'boiler',
        fields: [expect.objectContaining({ field: 'temperature', label: 'Temperature', unit: '°C', decimalPlace: 1 })],
      }),
    ]);
  });

  it('refuses bad definitions with a translated 400 naming the field, changing nothing', async () => {
    const before = (await api('GET', `/dashboards/${APP}/list`)).body;
    const cases: [unknown, string][] = [
      [definition([{ ...card(sensor), type: 'pie-chart' as never }]), 'widgets.0.type'],
      [definition([card(otherSensor)]), 'widgets.0.bindings.0.itemUuid'],
      [definition([card(sensor), card(sensor)]), 'widgets.1.id'],
      [definition([{ ...card(sensor), position: { x: 10, y: 0, w: 4, h: 2 } }]), 'widgets.0.position.w'],
      [definition(Array.from({ length: MAX_WIDGETS + 1 }, (_, index) => card(sensor, `w${index}`))), 'widgets'],
      [definition([], { name: '' }), 'name'],
    ];
    for (const [body, field] of cases) {
      const refused = await api('POST', `/dashboards/${APP}`, body);
      expect(refused.status, field).toBe(400);
      expect(refused.body.field).toBe(field);
      expect(refused.body.message).toEqual(expect.any(String));
    }
    const chinese = await server.request('POST', `/api/dashboards/${APP}`, {
      token: admin,
      body: definition([{ ...card(sensor), type: 'pie' as never }]),
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(chinese.body.message).toBe('請選擇一種小工具類型。');
    expect((await api('GET', `/dashboards/${APP}/list`)).body).toEqual(before);
  });

  it('needs the dashboard permission, and keeps writes to cloud and si-customer users', async () => {
    const viewer = await server.loginAs({ username: 'dash-viewer', permissions: [] });
    expect((await api('GET', `/dashboards/${APP}/list`, undefined, viewer)).status).toBe(403);
    const outsider = await server.loginAs({ username: 'dash-outsider', permissions: ['dashboard'], organisationId: 'org-x' });
    expect((await api('GET', `/dashboards/${APP}/list`, undefined, outsider)).status).toBe(404);
    expect((await api('GET', `/dashboards/${APP}/list`)).status).toBe(200);
    expect((await server.request('GET', `/api/dashboards/${APP}/list`)).status).toBe(401);
  });

  it('opens a dashboard read-only by its share link, only its bound items, until revoked', async () => {
    const { body: main } = await api('GET', `/dashboards/${APP}/main`);
    const id = main.dashboard.id;
    const made = await api('POST', `/dashboards/${APP}/${id}/share-links`, { validHours: 2 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const token = made.body.token as string;
    const view = await server.request('GET', '/api/dashboard-share/view', { token });
    expect(view.status).toBe(200);
    expect(view.body.dashboard.id).toBe(id);
    expect(view.body.items.map((item: { uuid: string }) => item.uuid)).toEqual([sensor]);
    // The token is no session: no other call accepts it.
    expect((await server.request('GET', `/api/dashboards/${APP}/list`, { token })).status).toBe(401);
    expect((await server.request('GET', `/api/node-structure-item/${APP}/tree`, { token })).status).toBe(401);
    expect((await server.request('GET', `/api/node-structure-item/${OTHER}/tree`, { token })).status).toBe(401);

    const links = await api('GET', `/dashboards/${APP}/${id}/share-links`);
    expect(links.body.map((link: { id: string }) => link.id)).toEqual([made.body.id]);
    expect((await api('DELETE', `/dashboards/${APP}/${id}/share-links/${made.body.id}`)).status).toBe(200);
    const refused = await server.request('GET', '/api/dashboard-share/view', { token });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('This link is not valid: it has expired or was revoked.');
    expect((await api('GET', `/dashboards/${APP}/${id}/share-links`)).body).toEqual([]);
    // A forged token (signature changed) is refused the same way.
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await server.request('GET', '/api/dashboard-share/view', { token: forged })).status).toBe(401);
    expect((await api('POST', `/dashboards/${APP}/${id}/share-links`, { validHours: 0 })).body).toMatchObject({
      field: 'validHours',
    });
  });

  it('lets another plugin lay out a dashboard through the catalog, refusing a foreign item', async () => {
    const catalog = server.running.resolve(DashboardCatalogToken);
    const { id } = await catalog.create(OTHER, definition([card(otherSensor)], { name: 'Wizard' }));
    expect((await api('GET', `/dashboards/${OTHER}/main`)).body.dashboard).toMatchObject({ id, name: 'Wizard', isMain: true });
    await expect(catalog.create(OTHER, definition([card(sensor)]))).rejects.toMatchObject({
      statusCode: 400,
      field: 'widgets.0.bindings.0.itemUuid',
    });
    await expect(catalog.create(OTHER, definition([{ ...card(otherSensor), type: 'pie' as never }]))).rejects.toMatchObject({
      statusCode: 400,
      field: 'widgets.0.type',
    });
  });

  it('deletes the dashboards with their application', async () => {
    expect((await api('GET', `/dashboards/${OTHER}/list`)).body).toHaveLength(1);
    const deleted = await api('DELETE', `/application/${OTHER}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    await createTestApplication(server, admin, { id: OTHER, name: 'Other again' });
    expect((await api('GET', `/dashboards/${OTHER}/list`)).body).toEqual([]);
  });

  it('answers 404 while the dashboard licence is off', async () => {
    const unlicensed = await startTestServer({ backend, plugins: PLUGINS, licences: 'none' });
    try {
      const { access_token } = await unlicensed.login();
      const response = await unlicensed.request('GET', `/api/dashboards/${APP}/list`, { token: access_token });
      expect(response.status).toBe(404);
    } finally {
      await unlicensed.close();
    }
  });
});

describe.each(databaseBackends())('dashboard share links on %s', (backend) => {
  it('refuses a link once it expired', async () => {
    const server = await startTestServer({ backend, plugins: PLUGINS });
    try {
      const admin = (await server.login()).access_token;
      await createTestApplication(server, admin, { id: 'dash_expiry', name: 'Expiry' });
      const created = await server.request('POST', '/api/dashboards/dash_expiry', { token: admin, body: definition() });
      const db = server.running.resolve(DatabaseToken);
      const start = Date.now();
      let now = new Date(start);
      const links = new ShareLinks(db, () => now);
      const link = await links.create('dash_expiry', created.body.id, 1, 'admin');
      expect(await links.verify(link.token)).toMatchObject({ dashboardId: created.body.id, appId: 'dash_expiry' });
      now = new Date(start + 61 * 60_000);
      expect(await links.verify(link.token)).toBeNull();
      expect(await links.list(created.body.id)).toEqual([]);
      // The server's own clock has not passed the hour yet: the link still opens there.
      expect((await server.request('GET', '/api/dashboard-share/view', { token: link.token })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
