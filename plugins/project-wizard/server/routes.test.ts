import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import applications from '../../applications/server';
import dashboards from '../../dashboards/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import themes from '../../themes/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import { loadTemplates } from './template-catalog';
import plugin from './index';

const PLUGINS = [applications, nodes, devicePipeline, events, themes, dashboards, plugin];
const TEMPLATES = loadTemplates();

interface TreeRow {
  uuid: string;
  itemName: string;
  itemType: string;
  parentName: string | null;
}

// Each backend (PGlite always; PostgreSQL when DATABASE_URL is set) starts a real server with the wizard and what it uses.
describe.each(databaseBackends())('project wizard API on %s', (backend) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: PLUGINS });
    token = (await server.login()).access_token;
  });
  afterAll(() => server?.close());

  const create = (body: Record<string, unknown>, as = token) => server.request('POST', '/api/project', { token: as, body });
  const tree = async (appId: string) =>
    (await server.request('GET', `/api/node-structure-item/${appId}/tree`, { token })).body.items as TreeRow[];
  const appIds = async () =>
    ((await server.request('GET', '/api/application/', { token })).body.appList as { id: string }[]).map((app) => app.id);
  const fromTemplate = (templateId: string, projectName: string) => ({
    startInfo: 'use-template',
    templateId,
    projectName,
    locationType: 'single',
    buildingName: 'Harbour House',
    address: '1 Harbour Road',
    endCustomerId: 'end_default',
  });

  it('lists the templates with thumbnails, their tags in the caller’s language, and filters by tag', async () => {
    const all = await server.request('GET', '/api/project/templates', { token });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(TEMPLATES.length);
    expect(all.body[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      description: expect.any(String),
      thumbnail: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      tags: expect.any(Array),
    });
    const tags = await server.request('GET', '/api/project/templates/tags', { token, headers: { 'accept-language': 'cn' } });
    expect(tags.body).toEqual(expect.arrayContaining([{ id: 'water', name: '水务' }]));
    const water = await server.request('GET', '/api/project/templates?tag=water', { token });
    expect(water.body.map((template: { id: string }) => template.id).sort()).toEqual(
      TEMPLATES.filter((template) => template.tags.includes('water'))
        .map((template) => template.id)
        .sort(),
    );
    const none = await server.request('GET', '/api/project/templates?tag=no-such-tag', { token });
    expect(none.body).toEqual([]);
  });

  it('shows one template with its sites and devices, and answers 404 for an unknown id', async () => {
    const detail = await server.request('GET', '/api/project/templates/pump-station', { token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: 'pump-station', name: 'Pump Station', widgetCount: expect.any(Number) });
    expect(
      detail.body.sites.flatMap((site: { devices: { name: string }[] }) => site.devices.map((device) => device.name)),
    ).toContain('pump-1');
    expect((await server.request('GET', '/api/project/templates/no-such-template', { token })).status).toBe(404);
  });

  it.each(TEMPLATES.map((template) => [template.id, template] as const))(
    'creates a project from %s: the application, its tree with field settings and ranges, and a main dashboard',
    async (templateId, template) => {
      const answer = await create(fromTemplate(templateId, `Project ${templateId}`));
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        success: true,
        message: `Project Project ${templateId} created.`,
        projectId: expect.any(String),
      });
      const appId = answer.body.projectId as string;
      expect(appId).toBe(`project_${templateId.replaceAll('-', '_')}`);
      const app = await server.request('GET', `/api/application/${appId}`, { token });
      expect(app.body).toMatchObject({ name: `Project ${templateId}`, endCustomerId: 'end_default' });

      const rows = await tree(appId);
      const building = rows.find((row) => row.itemName === 'building')!;
      expect(building.parentName).toBe('root');
      const devices = template.sites.flatMap((site) => site.items);
      for (const site of template.sites) expect(rows.find((row) => row.itemName === site.name)?.parentName).toBe('building');
      for (const device of devices) {
        const site = template.sites.find((candidate) => candidate.items.includes(device))!;
        expect(rows.find((row) => row.itemName === device.name)).toMatchObject({ itemType: 'item', parentName: site.name });
      }
      // A device's field settings and colour ranges, with their events on.
      const first = devices[0]!;
      const uuid = rows.find((row) => row.itemName === first.name)!.uuid;
      const item = await server.request('GET', `/api/node-structure-item/${appId}/items/${uuid}`, { token });
      const field = first.fields[0]!;
      const preference = item.body.input[field.field];
      expect(preference).toMatchObject({ displayName: field.displayName, unit: field.unit, decimalPlace: field.decimals });
      expect(preference.rangeEnabled).toBe(field.ranges.length > 0);
      expect(preference.rangeSettings.ranges.map((range: { name: string; color: string }) => [range.name, range.color])).toEqual(
        field.ranges.map((range) => [range.name, range.color]),
      );
      const evented = preference.rangeSettings.ranges.filter(
        (range: { eventSetting: { enable: boolean } }) => range.eventSetting.enable,
      );
      expect(evented.length).toBe(field.ranges.filter((range) => range.event).length);

      const main = await server.request('GET', `/api/dashboards/${appId}/main`, { token });
      expect(main.status).toBe(200);
      expect(main.body.dashboard).toMatchObject({ isMain: true, name: `Project ${templateId}` });
      expect(main.body.dashboard.widgets).toHaveLength(template.dashboard.widgets.length);
      const uuids = new Set(rows.map((row) => row.uuid));
      const bound = (main.body.dashboard.widgets as { bindings: { itemUuid: string }[] }[]).flatMap((widget) => widget.bindings);
      expect(bound.every((binding) => uuids.has(binding.itemUuid))).toBe(true);
    },
  );

  it('creates a project from a sketch: only the root and an empty main dashboard; a taken id gets a suffix', async () => {
    const body = { startInfo: 'create-new', projectName: 'Blank Site', locationType: 'multiple', endCustomerId: 'end_default' };
    const answer = await create(body);
    expect(answer.status).toBe(201);
    expect(answer.body.projectId).toBe('blank_site');
    expect((await tree('blank_site')).map((row) => row.itemName)).toEqual(['root']);
    const main = await server.request('GET', '/api/dashboards/blank_site/main', { token });
    expect(main.body.dashboard).toMatchObject({ isMain: true, name: 'Blank Site', widgets: [] });
    expect((await create(body)).body.projectId).toBe('blank_site_2');
  });

  it('refuses bad input with a 400 naming the field, and creates nothing', async () => {
    const before = await appIds();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...fromTemplate('pump-station', '  '), projectName: '  ' }, 'projectName', 'Project name is required.'],
      [{ ...fromTemplate('pump-station', 'No building'), buildingName: '' }, 'buildingName', 'Building name is required.'],
      [{ ...fromTemplate('pump-station', 'No address'), address: ' ' }, 'address', 'Address is required.'],
      [{ ...fromTemplate('pump-station', 'Odd start'), startInfo: 'copy' }, 'startInfo', expect.any(String) as never],
      [{ ...fromTemplate('', 'No template') }, 'templateId', 'Please select a template to continue'],
      [{ ...fromTemplate('no-such-template', 'Unknown') }, 'templateId', 'This template does not exist.'],
      [
        { ...fromTemplate('pump-station', 'Stranger'), endCustomerId: 'no_such_customer' },
        'endCustomerId',
        expect.any(String) as never,
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await create(body);
      expect({ status: answer.status, field: answer.body.field, message: answer.body.message }).toEqual({
        status: 400,
        field,
        message,
      });
    }
    expect(await appIds()).toEqual(before);
  });

  it('takes a multiple-location project’s sites straight under the root, ignoring building and address', async () => {
    const answer = await create({
      ...fromTemplate('leak-detection', 'Campus Leaks'),
      locationType: 'multiple',
      buildingName: '',
    });
    expect(answer.status).toBe(201);
    const rows = await tree(answer.body.projectId);
    expect(rows.some((row) => row.itemName === 'building')).toBe(false);
    expect(rows.find((row) => row.itemName === 'basement')?.parentName).toBe('root');
  });

  it('leaves nothing behind when a later step fails: the application goes with the refused dashboard', async () => {
    // The dashboards plugin refuses a definition whose widget binds an item of no application: the last step fails.
    const dashboardsCatalog = server.running.resolve((await import('@sensorium/dashboards/common')).DashboardCatalogToken);
    const original = dashboardsCatalog.create.bind(dashboardsCatalog);
    dashboardsCatalog.create = (appId, definition, transaction) =>
      original(
        appId,
        { ...definition, widgets: [{ ...definition.widgets[0]!, bindings: [{ itemUuid: crypto.randomUUID(), field: 'x' }] }] },
        transaction,
      );
    try {
      const before = await appIds();
      const answer = await create(fromTemplate('cold-chain-storage', 'Half Made'));
      expect(answer.status).toBe(400);
      expect(await appIds()).toEqual(before);
      expect((await server.request('GET', '/api/application/half_made', { token })).status).toBe(404);
    } finally {
      dashboardsCatalog.create = original;
    }
  });

  it('lets only operators and system integrators create projects, as applications', async () => {
    const endUser = await server.loginAs({ username: 'project-end-user', level: 'end-customer' });
    expect((await create(fromTemplate('pump-station', 'Not mine'), endUser)).status).toBe(403);
    expect((await server.request('GET', '/api/project/templates', { token: endUser })).status).toBe(403);
    expect((await server.request('GET', '/api/project/templates')).status).toBe(401);
  });

  it('answers 404 while the new-project-wizard licence is off', async () => {
    const unlicensed = await startTestServer({ backend, plugins: PLUGINS, licences: 'iot,dashboard' });
    try {
      const { access_token } = await unlicensed.login();
      expect((await unlicensed.request('GET', '/api/project/templates', { token: access_token })).status).toBe(404);
      const refused = await unlicensed.request('POST', '/api/project', {
        token: access_token,
        body: { startInfo: 'create-new', projectName: 'Off', locationType: 'multiple', endCustomerId: 'end_default' },
      });
      expect(refused.status).toBe(404);
    } finally {
      await unlicensed.close();
    }
  });
});
