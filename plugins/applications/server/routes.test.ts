import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from './index';

describe.each(databaseBackends())('applications API on %s', (backend) => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications] });
    adminToken = (await server.login()).access_token;
  });
  afterAll(() => server?.close());

  it('gives a cloud user the empty application list and the default end customer without applications', async () => {
    const response = await server.request('GET', '/api/application/', { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      appList: [],
      endCustomerWithoutApps: [{ id: 'end_default', name: 'Default End Customer' }],
    });
  });

  it('seeds the demo through the same repositories: two end customers with their applications', async () => {
    const demo = await startTestServer({ backend, plugins: [applications], seedDemo: true });
    try {
      const { access_token } = await demo.login();
      const { body } = await demo.request('GET', '/api/application/', { token: access_token });
      expect(new Set(body.appList.map((app: { endCustomerName: string }) => app.endCustomerName))).toEqual(
        new Set(['Harbour Water Authority', 'Northwind Facilities']),
      );
      expect(body.appList).toHaveLength(5);
    } finally {
      await demo.close();
    }
  });

  it('hides the operator’s end customers from an end-customer user of no customer', async () => {
    await server.createUser({ username: 'viewer', password: 'viewer-password-1', level: 'end-customer' });
    const { access_token } = await server.login('viewer', 'viewer-password-1');
    const list = await server.request('GET', '/api/customer/end-customer-list/', { token: access_token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
  });

  it('answers an empty event summary while no events exist', async () => {
    const response = await server.request('GET', '/api/system-events-api/system-events/summary/', { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('creates, renames and deletes an end customer', async () => {
    const created = await server.request('POST', '/api/customer/end-customer/', {
      token: adminToken,
      body: { name: 'Harbour Authority' },
    });
    expect(created.status).toBe(201);
    const renamed = await server.request('PATCH', `/api/customer/end-customer/${created.body.id}`, {
      token: adminToken,
      body: { name: 'Port Authority' },
    });
    expect(renamed.body).toEqual({ id: created.body.id, name: 'Port Authority' });
    const list = await server.request('GET', '/api/customer/end-customer-list/', { token: adminToken });
    expect(list.body.map((customer: { name: string }) => customer.name)).toContain('Port Authority');
    expect((await server.request('DELETE', `/api/customer/end-customer/${created.body.id}`, { token: adminToken })).status).toBe(
      204,
    );
    const after = await server.request('GET', '/api/customer/end-customer-list/', { token: adminToken });
    expect(after.body.map((customer: { id: string }) => customer.id)).not.toContain(created.body.id);
  });

  it('rejects an empty end customer name, naming the field, and stores nothing', async () => {
    const response = await server.request('POST', '/api/customer/end-customer/', {
      token: adminToken,
      body: { name: '' },
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(response.status).toBe(400);
    expect(response.body.field).toBe('name');
    expect(response.body.message).toBe('此欄位為必填。');
    const list = await server.request('GET', '/api/customer/end-customer-list/', { token: adminToken });
    expect(list.body).toHaveLength(1);
  });

  it('trims end customer names, refuses names of spaces only and names another customer already has', async () => {
    const blank = await server.request('POST', '/api/customer/end-customer/', { token: adminToken, body: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ field: 'name', message: 'This field is required.' });
    const created = await server.request('POST', '/api/customer/end-customer/', {
      token: adminToken,
      body: { name: '  Water Board  ' },
    });
    expect(created.body.name).toBe('Water Board');
    const duplicate = await server.request('POST', '/api/customer/end-customer/', {
      token: adminToken,
      body: { name: 'water board ' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('已有同名的终端客户。');
    const renamed = await server.request('PATCH', '/api/customer/end-customer/end_default', {
      token: adminToken,
      body: { name: 'Water Board' },
    });
    expect(renamed.status).toBe(409);
    expect(renamed.body.message).toBe('An end customer with this name already exists.');
    const sameName = await server.request('PATCH', `/api/customer/end-customer/${created.body.id}`, {
      token: adminToken,
      body: { name: 'WATER BOARD' },
    });
    expect(sameName.body).toEqual({ id: created.body.id, name: 'WATER BOARD' });
    const list = await server.request('GET', '/api/customer/end-customer-list/', { token: adminToken });
    expect(list.body.map((customer: { name: string }) => customer.name)).toEqual(['Default End Customer', 'WATER BOARD']);
    await server.request('DELETE', `/api/customer/end-customer/${created.body.id}`, { token: adminToken });
  });

  it('keeps the default end customer', async () => {
    const response = await server.request('DELETE', '/api/customer/end-customer/end_default', { token: adminToken });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('The default end customer cannot be deleted.');
  });

  it('refuses end customer changes without useredit, and hides other tenants’ customers', async () => {
    await server.createUser({
      username: 'operator',
      password: 'operator-password-1',
      level: 'si-customer',
      permissions: ['event'],
    });
    const { access_token } = await server.login('operator', 'operator-password-1');
    const denied = await server.request('POST', '/api/customer/end-customer/', { token: access_token, body: { name: 'Mine' } });
    expect(denied.status).toBe(403);
    await server.createUser({
      username: 'integrator',
      password: 'integrator-password-1',
      level: 'si-customer',
      permissions: ['useredit'],
    });
    const integrator = (await server.login('integrator', 'integrator-password-1')).access_token;
    const renameOther = await server.request('PATCH', '/api/customer/end-customer/end_default', {
      token: integrator,
      body: { name: 'Taken over' },
    });
    expect(renameOther.status).toBe(404);
    const deleteOther = await server.request('DELETE', '/api/customer/end-customer/end_default', { token: integrator });
    expect(deleteOther.status).toBe(404);
  });

  it('creates an application, lists it and reports its id as taken', async () => {
    const body = { id: 'plant_1', name: 'Plant 1', description: 'Boilers', endCustomerId: 'end_default' };
    expect(
      (await server.request('POST', '/api/application/check/', { token: adminToken, body: { id: 'plant_1' } })).body,
    ).toEqual({
      existing: false,
    });
    const created = await server.request('POST', '/api/application/new/', { token: adminToken, body });
    expect(created.status).toBe(201);
    const list = await server.request('GET', '/api/application/', { token: adminToken });
    expect(list.body.appList).toEqual([
      expect.objectContaining({
        id: 'plant_1',
        name: 'Plant 1',
        description: 'Boilers',
        endCustomerName: 'Default End Customer',
        // No severity settings saved yet: every page shows the defaults.
        setting: {},
      }),
    ]);
    expect(
      (await server.request('POST', '/api/application/check/', { token: adminToken, body: { id: 'plant_1' } })).body,
    ).toEqual({
      existing: true,
    });
    const again = await server.request('POST', '/api/application/new/', { token: adminToken, body });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ field: 'id', message: 'ID is taken. Try another.' });
  });

  it('refuses an application name of spaces only and trims the name and description it stores', async () => {
    const blank = await server.request('POST', '/api/application/new/', {
      token: adminToken,
      body: { id: 'blank_name', name: ' \t ', endCustomerId: 'end_default' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ field: 'name', message: 'This field is required.' });
    expect(
      (await server.request('POST', '/api/application/check/', { token: adminToken, body: { id: 'blank_name' } })).body,
    ).toEqual({
      existing: false,
    });
    const trimmed = await server.request('POST', '/api/application/new/', {
      token: adminToken,
      body: { id: 'trimmed_name', name: '  Boiler House ', description: ' Steam ', endCustomerId: 'end_default' },
    });
    expect(trimmed.status).toBe(201);
    const stored = await server.request('GET', '/api/application/trimmed_name', { token: adminToken });
    expect(stored.body).toMatchObject({ name: 'Boiler House', description: 'Steam' });
    await server.request('DELETE', '/api/application/trimmed_name/', { token: adminToken });
  });

  it('rejects an id with capitals, naming the field with the spec’s message', async () => {
    const response = await server.request('POST', '/api/application/new/', {
      token: adminToken,
      body: { id: 'Plant-2', name: 'Plant 2', endCustomerId: 'end_default' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field: 'id', message: 'Only lowercase character, number and underscore.' });
    expect(
      (await server.request('POST', '/api/application/check/', { token: adminToken, body: { id: 'Plant-2' } })).body.existing,
    ).toBe(false);
  });

  it('refuses an end customer the caller cannot see, and end-customer users', async () => {
    const unknown = await server.request('POST', '/api/application/new/', {
      token: adminToken,
      body: { id: 'plant_3', name: 'Plant 3', endCustomerId: 'nobody' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('endCustomerId');
    const { access_token } = await server.login('viewer', 'viewer-password-1');
    const denied = await server.request('POST', '/api/application/new/', {
      token: access_token,
      body: { id: 'plant_4', name: 'Plant 4', endCustomerId: 'end_default' },
    });
    expect(denied.status).toBe(403);
  });

  it('refuses the list without a session', async () => {
    const response = await server.request('GET', '/api/application/');
    expect(response.status).toBe(401);
  });
});
