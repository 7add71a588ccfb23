import ky from 'ky';
import { describe, expect, it } from 'vitest';
import type { Dashboard, DashboardItem } from '../common';
import { DashboardsStore } from './store';

const item: DashboardItem = {
  uuid: '11111111-1111-4111-8111-111111111111',
  itemName: 'boiler',
  displayName: 'Boiler',
  fields: [{ field: 'temperature', label: 'Temperature', unit: '°C', decimalPlace: 1, signal: 'analog', ranges: [] }],
  outputSimple: {},
  fieldStatus: {},
  severity: 0,
  connection: false,
  lastReceiveDate: null,
  point: null,
  commands: [],
};

/** The dashboards API as the store sees it: one application's dashboards in memory, answering like the server. */
function fakeApi() {
  const dashboards: Dashboard[] = [
    { id: 'd1', appId: 'app', name: 'Plant', isMain: true, themeId: null, widgets: [], updatedAt: '2026-01-01T00:00:00Z' },
  ];
  const sent: { method: string; path: string; body: unknown }[] = [];
  /** What the share link's calls answer: the link open with these values, or refused (revoked). */
  const link = { open: true, values: [item] };
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace('/api/', '');
    const body = request.method === 'GET' || request.method === 'DELETE' ? null : await request.json();
    sent.push({ method: request.method, path, body });
    if (path === 'dashboards/app/main') return Response.json({ dashboard: dashboards.find((entry) => entry.isMain) });
    if (path === 'dashboards/app/list')
      return Response.json(dashboards.map(({ widgets, ...row }) => ({ ...row, widgetCount: widgets.length })));
    if (path === 'dashboards/app/d1/items') return Response.json([item]);
    if (path.startsWith('dashboard-share/') && !link.open) {
      return Response.json({ statusCode: 401, message: 'This link is not valid.' }, { status: 401 });
    }
    if (path === 'dashboard-share/view') {
      const theme = { panelColor: '#102030', fontColor: '#ffffff', hasBackground: false };
      return Response.json({ dashboard: dashboards[0], items: [item], theme, expiresAt: '2030-01-01T00:00:00Z' });
    }
    if (path === 'dashboard-share/values') return Response.json(link.values);
    if (request.method === 'PUT' && path === 'dashboards/app/d1') {
      const next = body as Dashboard;
      if (next.widgets.some((widget) => widget.bindings.length === 0)) {
        return Response.json({ statusCode: 400, message: 'Choose an item.', field: 'widgets.0.bindings' }, { status: 400 });
      }
      Object.assign(dashboards[0]!, next);
      return Response.json(dashboards[0]);
    }
    return Response.json({ statusCode: 404, message: 'Not found' }, { status: 404 });
  };
  return { sent, link, http: ky.create({ prefixUrl: 'http://console.test/api', fetch, retry: 0 }) };
}

describe('DashboardsStore', () => {
  it('opens the main dashboard with its list and its bound items', async () => {
    const api = fakeApi();
    const store = DashboardsStore.create({}, { http: api.http });
    await store.open('app');
    expect(store.dashboard?.name).toBe('Plant');
    expect(store.summaries.map((row) => row.name)).toEqual(['Plant']);
    expect(store.items.get(item.uuid)?.displayName).toBe('Boiler');
  });

  it('edits a copy: added widgets are saved, a refusal keeps edit mode, discard drops the changes', async () => {
    const api = fakeApi();
    const store = DashboardsStore.create({}, { http: api.http });
    await store.open('app');
    store.startEdit();
    const id = store.addWidget('value-card', 'Value card');
    expect(store.dashboard?.widgets).toHaveLength(0);
    expect(store.shown?.widgets).toHaveLength(1);
    expect(await store.save()).toBe(false);
    expect(store.editing).toBe(true);
    expect(store.saving.fieldError('widgets.0.bindings')).toBe('Choose an item.');
    store.configureWidget(id, { title: 'Boiler', bindings: [{ itemUuid: item.uuid, field: 'temperature' }], options: {} });
    store.applyLayout([{ i: id, x: 11, y: 2, w: 4, h: 3 }]);
    expect(store.shown?.widgets[0]?.position).toMatchObject({ x: 8, y: 2, w: 4, h: 3 });
    expect(await store.save()).toBe(true);
    expect(store.editing).toBe(false);
    expect(store.dashboard?.widgets[0]?.title).toBe('Boiler');
    store.startEdit();
    store.removeWidget(id);
    store.discard();
    expect(store.shown?.widgets).toHaveLength(1);
  });

  it('applies a frame of live values to the bound items of its application only', async () => {
    const store = DashboardsStore.create({}, { http: fakeApi().http });
    await store.open('app');
    const live = {
      uuid: item.uuid,
      outputSimple: { temperature: 21.5 },
      connection: true,
      lastReceiveDate: 'now',
      lastValidDate: 'now',
    };
    const status = { severity: 2, eventSeverity: 0, fieldStatus: { temperature: { status: 'Warm', color: 'orange' } } };
    store.applyValues([
      { appId: 'other', items: [{ ...live, outputSimple: { temperature: 99 }, status }] },
      { appId: 'app', items: [{ ...live, status }] },
    ]);
    const boiler = store.items.get(item.uuid)!;
    expect(boiler.outputSimple).toEqual({ temperature: 21.5 });
    expect(boiler.fieldStatus.get('temperature')?.status).toBe('Warm');
    expect(boiler.severity).toBe(2);
  });

  it('opens a share link’s view read only, merges its polled values into the shown items, and notices a revoke', async () => {
    const api = fakeApi();
    const store = DashboardsStore.create({}, { http: api.http });
    await store.openShared();
    expect(store.shared).toBe(true);
    expect(store.sharedTheme).toEqual({ panelColor: '#102030', fontColor: '#ffffff', hasBackground: false });
    store.startEdit();
    expect(store.editing).toBe(false);
    const shown = store.items.get(item.uuid)!;
    const pump = { ...item, uuid: '22222222-2222-4222-8222-222222222222', itemName: 'pump', displayName: 'Pump' };
    api.link.values = [{ ...item, outputSimple: { temperature: 19.5 }, lastReceiveDate: '2026-01-01T00:00:05Z' }, pump];
    await store.refreshShared();
    // The same item instance, so its widgets keep it and see the new value.
    expect(store.items.get(item.uuid)).toBe(shown);
    expect(shown.outputSimple).toEqual({ temperature: 19.5 });
    expect([...store.items.keys()]).toEqual([item.uuid, pump.uuid]);
    api.link.values = [pump];
    await store.refreshShared();
    expect([...store.items.keys()]).toEqual([pump.uuid]);
    api.link.open = false;
    await store.refreshShared();
    expect(store.linkRefused).toBe(true);
  });
});
