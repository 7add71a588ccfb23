import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDataParticipants, defineServerPlugin, FileStoreToken } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from './index';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Another plugin's per-application data: records deletions, and can be told to fail one. */
const deletions: string[] = [];
let failDeletionOf: string | null = null;
const probe = defineServerPlugin({
  manifest: { id: 'probe', version: '0.1.0', dependsOn: ['applications'] },
  register(context) {
    context.contribute(applicationDataParticipants, {
      id: 'probe.data',
      order: 10,
      exportData: async () => ({ data: [], files: [] }),
      importData: async () => undefined,
      async deleteData(appId) {
        deletions.push(appId);
        if (appId === failDeletionOf) throw new Error('probe refuses');
      },
    });
  },
});

describe.each(databaseBackends())('application detail API on %s', (backend) => {
  let server: TestServer;
  let admin: string;

  const uploadLogo = (appId: string, content: Buffer, type: string, token = admin) => {
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(content)], { type }), 'logo');
    return fetch(`${server.url}/api/application/${appId}/logo`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };
  const createApp = async (id: string, token = admin, endCustomerId = 'end_default') => {
    const response = await server.request('POST', '/api/application/new/', {
      token,
      body: { id, name: `App ${id}`, description: 'first', endCustomerId },
    });
    expect(response.status).toBe(201);
  };
  /** A user of an si-customer organisation, with every permission of its group. */
  const organisationUser = (username: string, organisationId: string) =>
    server.loginAs({ username, organisationId, permissions: ['setting', 'useredit'] });

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, probe] });
    admin = (await server.login()).access_token;
  });
  afterAll(() => server?.close());

  it('reads one application with its customer, settings and update date', async () => {
    await createApp('plant_read');
    const response = await server.request('GET', '/api/application/plant_read', { token: admin });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: 'plant_read',
      name: 'App plant_read',
      description: 'first',
      logo: null,
      endCustomerId: 'end_default',
      endCustomerName: 'Default End Customer',
      setting: {},
    });
    expect(Date.parse(response.body.updateDate)).not.toBeNaN();
    expect((await server.request('GET', '/api/application/nowhere', { token: admin })).status).toBe(404);
  });

  it('changes name, description and severity settings, moving the update date', async () => {
    await createApp('plant_patch');
    const before = (await server.request('GET', '/api/application/plant_patch', { token: admin })).body;
    const setting = {
      severitySettingEnable: true,
      severitySetting: { '0': { name: 'Fine', description: '', color: 'none', sound: false, enabled: true } },
    };
    const response = await server.request('PATCH', '/api/application/plant_patch', {
      token: admin,
      body: { name: ' Plant B ', description: 'second', setting },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Plant B', description: 'second', setting });
    expect(response.body.updateDate > before.updateDate).toBe(true);
    const list = await server.request('GET', '/api/application/', { token: admin });
    expect(list.body.appList.find((app: { id: string }) => app.id === 'plant_patch').name).toBe('Plant B');
  });

  it('refuses a blank name with the form message, and invalid severity levels by field', async () => {
    await createApp('plant_invalid');
    const blank = await server.request('PATCH', '/api/application/plant_invalid', { token: admin, body: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ field: 'name', message: 'Please fill out the form.' });
    const level = (entry: object) => ({ name: 'L', description: '', color: 'red', sound: false, enabled: true, ...entry });
    const cases: [object, string][] = [
      [{ '1': level({ color: 'pink' }) }, 'setting.severitySetting.1.color'],
      [{ '2': level({ name: ' ' }) }, 'setting.severitySetting.2.name'],
      [{ '3': level({ sound: 'yes' }) }, 'setting.severitySetting.3.sound'],
      [{ '5': level({}) }, 'setting.severitySetting.5'],
    ];
    for (const [severitySetting, field] of cases) {
      const response = await server.request('PATCH', '/api/application/plant_invalid', {
        token: admin,
        body: { setting: { severitySettingEnable: true, severitySetting } },
      });
      expect(response.status, field).toBe(400);
      expect(response.body.field).toBe(field);
    }
    const missingSwitch = await server.request('PATCH', '/api/application/plant_invalid', {
      token: admin,
      body: { setting: {} },
    });
    expect(missingSwitch.body.field).toBe('setting.severitySettingEnable');
    const unknownLogo = await server.request('PATCH', '/api/application/plant_invalid', {
      token: admin,
      body: { logo: 'x.png' },
    });
    expect(unknownLogo.status).toBe(400);
    expect(unknownLogo.body.field).toBe('logo');
    expect((await server.request('GET', '/api/application/plant_invalid', { token: admin })).body.name).toBe('App plant_invalid');
  });

  it('uploads a logo, serves it to an image tag by token query, and deletes it', async () => {
    await createApp('plant_logo');
    const upload = await uploadLogo('plant_logo', PNG, 'image/png');
    expect(upload.status).toBe(200);
    const { logo } = (await upload.json()) as { logo: string };
    expect(logo).toMatch(/\.png$/);

    const image = await fetch(`${server.url}/api/application/plant_logo/${logo}?token=${admin}&t=1`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${server.url}/api/application/plant_logo/${logo}`)).status).toBe(401);

    // A second upload replaces the first file.
    const second = (await (await uploadLogo('plant_logo', PNG, 'image/png')).json()) as { logo: string };
    expect((await fetch(`${server.url}/api/application/plant_logo/${logo}?token=${admin}`)).status).toBe(404);
    const files = server.running.container.resolve(FileStoreToken);
    expect(await files.list('applications/logos/plant_logo/')).toEqual([`applications/logos/plant_logo/${second.logo}`]);

    const removed = await server.request('DELETE', '/api/application/plant_logo/logo', { token: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.logo).toBeNull();
    expect((await fetch(`${server.url}/api/application/plant_logo/${second.logo}?token=${admin}`)).status).toBe(404);
    expect(await files.list('applications/logos/plant_logo/')).toEqual([]);
  });

  it('refuses logos of another type or over 2 MB, and an upload without the logo field', async () => {
    await createApp('plant_badlogo');
    const wrongType = await uploadLogo('plant_badlogo', Buffer.from('<svg/>'), 'image/svg+xml');
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { field: string }).field).toBe('logo');
    const tooLarge = await uploadLogo('plant_badlogo', Buffer.alloc(2 * 1024 * 1024 + 1), 'image/png');
    expect(tooLarge.status).toBe(413);
    const form = new FormData();
    form.append('picture', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png');
    const noField = await fetch(`${server.url}/api/application/plant_badlogo/logo`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(noField.status).toBe(400);
    expect((await server.request('GET', '/api/application/plant_badlogo', { token: admin })).body.logo).toBeNull();
  });

  it('sets the logo by the id of an uploaded file and clears it with an empty id', async () => {
    await createApp('plant_logo_id');
    const { logo } = (await (await uploadLogo('plant_logo_id', PNG, 'image/png')).json()) as { logo: string };
    const set = await server.request('PATCH', '/api/application/plant_logo_id', { token: admin, body: { logo } });
    expect(set.body.logo).toBe(logo);
    const cleared = await server.request('PATCH', '/api/application/plant_logo_id', { token: admin, body: { logo: '' } });
    expect(cleared.body.logo).toBeNull();
  });

  it('deletes an application with every plugin’s data in one transaction', async () => {
    await createApp('plant_delete');
    await uploadLogo('plant_delete', PNG, 'image/png');
    failDeletionOf = 'plant_delete';
    const failed = await server.request('DELETE', '/api/application/plant_delete/', { token: admin });
    expect(failed.status).toBe(500);
    expect((await server.request('GET', '/api/application/plant_delete', { token: admin })).status).toBe(200);

    failDeletionOf = null;
    deletions.length = 0;
    const deleted = await server.request('DELETE', '/api/application/plant_delete/', { token: admin });
    expect(deleted.status).toBe(204);
    expect(deletions).toEqual(['plant_delete']);
    expect((await server.request('GET', '/api/application/plant_delete', { token: admin })).status).toBe(404);
    expect(await server.running.container.resolve(FileStoreToken).list('applications/logos/plant_delete/')).toEqual([]);
    expect((await server.request('DELETE', '/api/application/plant_delete/', { token: admin })).status).toBe(404);
  });

  it('refuses changes to a user without the setting permission', async () => {
    await createApp('plant_perm');
    await server.createUser({ username: 'reader', password: 'reader-password-1', level: 'si-customer', permissions: ['event'] });
    const { access_token } = await server.login('reader', 'reader-password-1');
    const calls = [
      server.request('PATCH', '/api/application/plant_perm', { token: access_token, body: { name: 'x' } }),
      server.request('DELETE', '/api/application/plant_perm/', { token: access_token }),
      server.request('DELETE', '/api/application/plant_perm/logo', { token: access_token }),
      uploadLogo('plant_perm', PNG, 'image/png', access_token).then((response) => ({ status: response.status })),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(403);
    expect((await server.request('GET', '/api/application/plant_perm', { token: admin })).body.name).toBe('App plant_perm');
  });

  it('answers 404 for another organisation’s application on every route', async () => {
    const owner = await organisationUser('owner', 'org_a');
    const stranger = await organisationUser('stranger', 'org_b');
    const customer = await server.request('POST', '/api/customer/end-customer/', { token: owner, body: { name: 'Org A site' } });
    await createApp('plant_tenant', owner, customer.body.id);
    const { logo } = (await (await uploadLogo('plant_tenant', PNG, 'image/png', owner)).json()) as { logo: string };
    expect((await server.request('GET', '/api/application/plant_tenant', { token: owner })).status).toBe(200);

    const calls = [
      server.request('GET', '/api/application/plant_tenant', { token: stranger }),
      server.request('PATCH', '/api/application/plant_tenant', { token: stranger, body: { name: 'Taken over' } }),
      server.request('DELETE', '/api/application/plant_tenant/', { token: stranger }),
      server.request('DELETE', '/api/application/plant_tenant/logo', { token: stranger }),
      server.request('GET', `/api/application/plant_tenant/${logo}?token=${stranger}`),
      uploadLogo('plant_tenant', PNG, 'image/png', stranger).then((response) => ({ status: response.status })),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(404);
    const after = await server.request('GET', '/api/application/plant_tenant', { token: owner });
    expect(after.body).toMatchObject({ name: 'App plant_tenant', logo });
  });
});
