import { getSnapshot } from 'mobx-state-tree';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../core/client/testing/fake-api';
import {
  severityScale,
  type ApplicationDetail,
  type ApplicationSummary,
  type EndCustomer,
  type EventSummaryRow,
} from '../common';
import { ApplicationsStore } from './store';

const summary = (id: string, endCustomerId = 'end_default'): ApplicationSummary => ({
  id,
  name: `App ${id}`,
  description: '',
  logo: null,
  endCustomerId,
  endCustomerName: endCustomerId,
  updateDate: '2026-01-01T00:00:00.000Z',
  event: { eventList: [{ title: 'Tank', severity: 2, value: 'low' }] },
  setting: {},
});

/** The applications API over in-memory data, answering like the server. */
function server() {
  const apps: ApplicationSummary[] = [summary('plant')];
  const customers: EndCustomer[] = [
    { id: 'end_default', name: 'Default' },
    { id: 'ec_1', name: 'Harbour' },
  ];
  const details = new Map<string, ApplicationDetail>([
    ['plant', { ...summary('plant'), event: undefined, setting: {} } as unknown as ApplicationDetail],
  ]);
  let summaryRows: EventSummaryRow[] | null = [
    { appId: 'plant', count: '3', severity: 1 },
    { appId: 'plant', count: '2', severity: 4 },
  ];
  const api = fakeApi({
    'GET application/': () => ({
      appList: apps,
      endCustomerWithoutApps: customers.filter((customer) => !apps.some((app) => app.endCustomerId === customer.id)),
    }),
    'GET system-events-api/system-events/summary/': () => summaryRows ?? apiError(500, 'Failed'),
    'POST application/check/': ({ body }) => ({ existing: apps.some((app) => app.id === (body as { id: string }).id) }),
    'POST application/new/': ({ body }) => {
      const input = body as { id: string; endCustomerId: string };
      if (apps.some((app) => app.id === input.id))
        return apiError(409, 'ID is taken. Try another.', { id: 'ID is taken. Try another.' });
      apps.push(summary(input.id, input.endCustomerId));
      return Response.json({ id: input.id }, { status: 201 });
    },
    'GET application/:id': ({ params }) => details.get(params.id!) ?? apiError(404, 'Not found'),
    'PATCH application/:id': ({ params, body }) => {
      const current = details.get(params.id!)!;
      const saved = { ...current, ...(body as object), updateDate: '2026-02-01T00:00:00.000Z' };
      details.set(params.id!, saved);
      apps[0]!.name = saved.name;
      apps[0]!.setting = saved.setting;
      return saved;
    },
    'DELETE application/:id/logo': ({ params }) => ({ ...details.get(params.id!)!, logo: null }),
    'DELETE application/:id/': ({ params }) => {
      if (params.id === 'locked') return apiError(500, 'Failed');
      apps.splice(
        apps.findIndex((app) => app.id === params.id),
        1,
      );
    },
    'GET customer/end-customer-list/': () => customers,
    'POST customer/end-customer/': ({ body }) => {
      const customer = { id: `ec_${customers.length + 1}`, name: (body as { name: string }).name };
      customers.push(customer);
      return customer;
    },
    'PATCH customer/end-customer/:id': ({ params, body }) => {
      const customer = customers.find((entry) => entry.id === params.id)!;
      customer.name = (body as { name: string }).name;
      return customer;
    },
    'DELETE customer/end-customer/:id': ({ params }) =>
      params.id === 'end_default' ? apiError(409, 'The default end customer cannot be deleted.') : undefined,
  });
  return { ...api, apps, failSummary: () => (summaryRows = null) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ApplicationsStore', () => {
  it('loads the list with typed applications, the customers without any, and the event summary', async () => {
    const { http } = server();
    const store = ApplicationsStore.create({}, { http });
    await store.load();
    expect(store.state).toBe('ready');
    expect(store.appList.map((app) => app.id)).toEqual(['plant']);
    expect(store.appList[0]!.event?.eventList[0]?.title).toBe('Tank');
    expect(store.endCustomerWithoutApps.map((customer) => customer.id)).toEqual(['ec_1']);
    expect(store.eventsOf('plant')).toEqual({ count: 5, severity: 4 });
    expect(store.find('plant')?.name).toBe('App plant');
  });

  it('loads once for every caller of ensureLoaded, and shows the list without events when the summary fails', async () => {
    const { http, calls, failSummary } = server();
    failSummary();
    const store = ApplicationsStore.create({}, { http });
    store.ensureLoaded();
    store.ensureLoaded();
    await settle();
    await settle();
    expect(calls.filter((call) => call === 'GET application/')).toHaveLength(1);
    expect(store.appList).toHaveLength(1);
    expect(store.summaryFailed).toBe(true);
    expect(store.eventsOf('plant')).toEqual({ count: 0, severity: 0 });
  });

  it('reads the cards’ events again without showing the list loading, once the list is shown', async () => {
    const { http, calls, apps } = server();
    const store = ApplicationsStore.create({}, { http });
    await store.refreshEvents();
    expect(calls).toEqual([]);
    await store.load();
    apps[0]!.event = { eventList: [{ title: 'Pump Too hot', severity: 4, value: '72 kW' }] };
    const refreshing = store.refreshEvents();
    expect(store.state).toBe('ready');
    await refreshing;
    expect(store.appList[0]!.event?.eventList.map((event) => event.title)).toEqual(['Pump Too hot']);
    expect(calls.filter((call) => call === 'GET application/')).toHaveLength(2);
  });

  it('marks the list failed when it cannot be loaded', async () => {
    const { http } = fakeApi({ 'GET application/': () => apiError(500, 'Failed') });
    const store = ApplicationsStore.create({}, { http });
    await store.load();
    expect(store.state).toBe('failed');
    expect(store.appList).toHaveLength(0);
  });

  it('checks an id, creates the application and reloads the list; a taken id is refused with its field', async () => {
    const { http, calls } = server();
    const store = ApplicationsStore.create({}, { http });
    await store.creation.check('plant');
    expect(store.creation.isFree('plant')).toBe(false);
    expect(store.creation.isFree('pump')).toBeUndefined();
    await store.creation.check('pump');
    expect(store.creation.isFree('pump')).toBe(true);

    const created = await store.createApplication({ id: 'pump', name: 'Pump', endCustomerId: 'ec_1' });
    expect(created).toEqual({ ok: true, value: { id: 'pump' } });
    await settle();
    expect(calls).toContain('GET application/');
    expect(store.appList.map((app) => app.id)).toEqual(['plant', 'pump']);

    const again = await store.createApplication({ id: 'pump', name: 'Pump', endCustomerId: 'ec_1' });
    expect(again.ok).toBe(false);
    expect(store.creation.creating.fieldError('id')).toBe('ID is taken. Try another.');
    store.creation.reset();
    expect(store.creation.creating.failed).toBe(false);
    expect(store.creation.checked).toBeNull();
  });

  it('adds an end customer from the list page and reloads the list', async () => {
    const { http } = server();
    const store = ApplicationsStore.create({}, { http });
    await store.load();
    const outcome = await store.addEndCustomer('Northwind');
    expect(outcome.ok).toBe(true);
    expect(store.endCustomerWithoutApps.map((customer) => customer.name)).toEqual(['Harbour', 'Northwind']);
  });
});

describe('the application detail in the store', () => {
  it('opens an application with typed settings and keeps it while it reloads', async () => {
    const { http } = server();
    const store = ApplicationsStore.create({}, { http });
    const opening = store.detail.open('plant');
    expect(store.detail.loading.pending).toBe(true);
    await opening;
    expect(store.detail.app?.name).toBe('App plant');
    expect(store.detail.app?.plain.setting).toEqual({});
    const again = store.detail.open('plant');
    expect(store.detail.app).not.toBeNull();
    await again;
  });

  it('saves the Overview form: the saved application is shown, its severity levels typed, and the list reloaded with them', async () => {
    const { http, calls } = server();
    const store = ApplicationsStore.create({}, { http });
    await store.detail.open('plant');
    const level = { name: 'Alarm', description: '', color: 'red' as const, sound: true, enabled: true };
    const outcome = await store.saveApplication({
      name: 'Plant B',
      description: 'second',
      setting: { severitySettingEnable: true, severitySetting: { '4': level } },
    });
    expect(outcome.ok).toBe(true);
    expect(store.detail.app?.name).toBe('Plant B');
    expect(store.detail.app?.setting.severitySetting?.get('4')?.color).toBe('red');
    expect(store.detail.app?.plain.setting).toEqual({ severitySettingEnable: true, severitySetting: { '4': level } });
    await settle();
    expect(calls.at(-2)).toBe('GET application/');
    expect(store.find('plant')?.name).toBe('Plant B');
    // Every page that shows the application's severities reads them from the list.
    const shown = severityScale(store.find('plant')?.setting, (key) => key);
    expect(shown.of(4)).toMatchObject({ name: 'Alarm', colour: 'red' });
    expect(shown.of(3).name).toBe('applications.severity.defaults.3.name');
  });

  it('shows the application the logo call answers, and forgets it once deleted', async () => {
    const { http } = server();
    const store = ApplicationsStore.create({}, { http });
    await store.detail.open('plant');
    expect((await store.detail.deleteLogo()).ok).toBe(true);
    expect(store.detail.app?.logo).toBeNull();
    expect((await store.deleteApplication()).ok).toBe(true);
    expect(store.detail.app).toBeNull();
    await settle();
    expect(store.appList).toHaveLength(0);
  });

  it('keeps the application when the server refuses to delete it, with the failure', async () => {
    const { http } = fakeApi({
      'GET application/:id': () => ({ ...summary('locked'), setting: {} }),
      'DELETE application/:id/': () => apiError(500, 'Failed'),
    });
    const store = ApplicationsStore.create({}, { http });
    await store.detail.open('locked');
    const outcome = await store.deleteApplication();
    expect(outcome.ok).toBe(false);
    expect(store.detail.deleting.failure?.status).toBe(500);
    expect(store.detail.app?.id).toBe('locked');
  });

  it('answers a change with no application open as a failure, calling nothing', async () => {
    const { http, calls } = server();
    const store = ApplicationsStore.create({}, { http });
    expect((await store.detail.save({ name: 'x' })).ok).toBe(false);
    expect(calls).toEqual([]);
  });
});

describe('the end customers in the store', () => {
  it('lists, adds, renames and deletes, reloading after each change; a refusal keeps the list and its message', async () => {
    const { http } = server();
    const store = ApplicationsStore.create({}, { http });
    await store.customers.load();
    expect(getSnapshot(store.customers.list)).toEqual([
      { id: 'end_default', name: 'Default' },
      { id: 'ec_1', name: 'Harbour' },
    ]);
    expect((await store.customers.create('Northwind')).ok).toBe(true);
    expect(store.customers.list.map((customer) => customer.name)).toContain('Northwind');
    expect((await store.customers.rename('ec_1', 'Harbour Water')).ok).toBe(true);
    expect(store.customers.list.find((customer) => customer.id === 'ec_1')?.name).toBe('Harbour Water');
    const refused = await store.customers.remove('end_default');
    expect(refused.ok).toBe(false);
    expect(store.customers.saving.failure?.message).toBe('The default end customer cannot be deleted.');
    expect(store.customers.list).toHaveLength(3);
  });
});
