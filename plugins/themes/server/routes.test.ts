import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserLevel } from '@sensorium/core/common';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import themes from './index';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(databaseBackends())('themes API on %s', (backend) => {
  let server: TestServer;
  let admin: string;

  /** A user of an organisation, in a group holding `permissions`. */
  const orgUser = (username: string, level: UserLevel, organisationId: string, permissions: string[]) =>
    server.loginAs({ username, level, organisationId, permissions });

  const upload = async (token: string, id: string, content: Buffer, type: string, field = 'image') => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(content)], { type }), `background.${type.split('/')[1]}`);
    const response = await fetch(`${server.url}/api/theme-profile/${id}/background`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [themes] });
    admin = (await server.login()).access_token;
  });
  afterAll(() => server?.close());

  it('creates a theme with the spec’s defaults for what is left out', async () => {
    const created = await server.request('POST', '/api/theme-profile/new', {
      token: admin,
      body: { name: 'Harbour', description: 'Blue panels', theme: { dashboard: { panelColor: '#1e3a5fcc' } } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Harbour',
      description: 'Blue panels',
      theme: {
        name: 'Harbour',
        dashboard: {
          fontColor: '#212427',
          panelColor: '#1e3a5fcc',
          backgroundImage: '',
          grid_stack_space_background_color: 'transparent',
        },
      },
    });
  });

  it('lists visible themes sorted by name, with optional offset and limit', async () => {
    for (const name of ['beacon', 'Anchor']) {
      await server.request('POST', '/api/theme-profile/new', { token: admin, body: { name } });
    }
    const list = await server.request('GET', '/api/theme-profile/', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.map((theme: { name: string }) => theme.name)).toEqual(['Anchor', 'beacon', 'Harbour']);
    const page = await server.request('GET', '/api/theme-profile/?offset=1&limit=1', { token: admin });
    expect(page.body.map((theme: { name: string }) => theme.name)).toEqual(['beacon']);
    const bad = await server.request('GET', '/api/theme-profile/?limit=0', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('limit');
  });

  it('updates name, description and colours, keeping the colours left out', async () => {
    const { body: theme } = await server.request('POST', '/api/theme-profile/new', { token: admin, body: { name: 'Dusk' } });
    const updated = await server.request('POST', `/api/theme-profile/update/${theme.id}`, {
      token: admin,
      body: { name: 'Dawn', description: 'Warm', theme: { dashboard: { fontColor: '#ffaa00' } } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: theme.id,
      name: 'Dawn',
      description: 'Warm',
      theme: { dashboard: { fontColor: '#ffaa00', panelColor: 'white' } },
    });
    const list = await server.request('GET', '/api/theme-profile/', { token: admin });
    expect(list.body.find((row: { id: string }) => row.id === theme.id).name).toBe('Dawn');
  });

  it('refuses a blank name with the spec’s message, in the caller’s language, and stores nothing', async () => {
    const before = (await server.request('GET', '/api/theme-profile/', { token: admin })).body.length;
    const blank = await server.request('POST', '/api/theme-profile/new', { token: admin, body: { name: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ field: 'name', message: 'Name is required.' });
    const missing = await server.request('POST', '/api/theme-profile/new', {
      token: admin,
      body: { description: 'no name' },
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(missing.body).toMatchObject({ field: 'name', message: '名稱為必填。' });
    expect((await server.request('GET', '/api/theme-profile/', { token: admin })).body).toHaveLength(before);
  });

  it('refuses a colour without hex (or alpha hex) digits, naming the nested field', async () => {
    const response = await server.request('POST', '/api/theme-profile/new', {
      token: admin,
      body: { name: 'Odd', theme: { dashboard: { fontColor: '#12345', panelColor: 'red' } } },
    });
    expect(response.status).toBe(400);
    expect(response.body.fields.map((field: { field: string }) => field.field).sort()).toEqual([
      'theme.dashboard.fontColor',
      'theme.dashboard.panelColor',
    ]);
    expect(response.body.message).toBe('Please enter a colour as #RRGGBB or #RRGGBBAA.');
  });

  it('refuses a background image named in the body instead of uploaded', async () => {
    const response = await server.request('POST', '/api/theme-profile/new', {
      token: admin,
      body: { name: 'Sneaky', theme: { dashboard: { backgroundImage: '../../secret.png' } } },
    });
    expect(response.status).toBe(400);
    expect(response.body.field).toBe('theme.dashboard.backgroundImage');
  });

  it('uploads a background, serves it with ?token and not without, replaces and clears it', async () => {
    const { body: theme } = await server.request('POST', '/api/theme-profile/new', { token: admin, body: { name: 'Photo' } });
    const uploaded = await upload(admin, theme.id, PNG, 'image/png');
    expect(uploaded.status).toBe(200);
    const image: string = uploaded.body.theme.dashboard.backgroundImage;
    expect(image).toMatch(/\.png$/);

    const served = await fetch(`${server.url}/api/dashboard/default_application/${image}?token=${admin}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect((await fetch(`${server.url}/api/dashboard/default_application/${image}`)).status).toBe(401);

    const replaced = await upload(admin, theme.id, PNG, 'image/webp');
    const next: string = replaced.body.theme.dashboard.backgroundImage;
    expect(next).toMatch(/\.webp$/);
    expect((await fetch(`${server.url}/api/dashboard/default_application/${image}?token=${admin}`)).status).toBe(404);

    const cleared = await server.request('POST', `/api/theme-profile/update/${theme.id}`, {
      token: admin,
      body: { name: 'Photo', theme: { dashboard: { backgroundImage: '' } } },
    });
    expect(cleared.body.theme.dashboard.backgroundImage).toBe('');
    expect((await fetch(`${server.url}/api/dashboard/default_application/${next}?token=${admin}`)).status).toBe(404);
  });

  it('refuses a background that is not an image, or larger than 5 MB, and keeps the theme unchanged', async () => {
    const { body: theme } = await server.request('POST', '/api/theme-profile/new', { token: admin, body: { name: 'Plain' } });
    const text = await upload(admin, theme.id, Buffer.from('<svg/>'), 'image/svg+xml');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ field: 'image', code: 'validation.fileType' });
    const big = await upload(admin, theme.id, Buffer.alloc(5 * 1024 * 1024 + 1), 'image/png');
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ field: 'image', code: 'validation.fileTooLarge' });
    const missing = await upload(admin, theme.id, PNG, 'image/png', 'logo');
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('validation.fileRequired');
    const list = await server.request('GET', '/api/theme-profile/', { token: admin });
    expect(list.body.find((row: { id: string }) => row.id === theme.id).theme.dashboard.backgroundImage).toBe('');
  });

  it('lets a user without the setting permission read themes but not change them', async () => {
    const reader = await orgUser('reader', 'si-customer', 'org-reader', ['event']);
    expect((await server.request('GET', '/api/theme-profile/', { token: reader })).status).toBe(200);
    const create = await server.request('POST', '/api/theme-profile/new', { token: reader, body: { name: 'Mine' } });
    expect(create.status).toBe(403);
    const { body: theme } = await server.request('POST', '/api/theme-profile/new', { token: admin, body: { name: 'Ops' } });
    expect(
      (await server.request('POST', `/api/theme-profile/update/${theme.id}`, { token: reader, body: { name: 'X' } })).status,
    ).toBe(403);
    expect((await upload(reader, theme.id, PNG, 'image/png')).status).toBe(403);
    expect((await server.request('GET', '/api/theme-profile/')).status).toBe(401);
  });

  it('keeps each organisation’s themes to itself: another tenant’s theme is not found', async () => {
    const north = await orgUser('north', 'si-customer', 'org-north', ['setting']);
    const south = await orgUser('south', 'si-customer', 'org-south', ['setting']);
    const { body: theme } = await server.request('POST', '/api/theme-profile/new', { token: north, body: { name: 'North' } });
    const { body: withImage } = await upload(north, theme.id, PNG, 'image/png');
    const image: string = withImage.theme.dashboard.backgroundImage;

    expect(
      (await server.request('GET', '/api/theme-profile/', { token: north })).body.map((row: { name: string }) => row.name),
    ).toEqual(['North']);
    expect((await server.request('GET', '/api/theme-profile/', { token: south })).body).toEqual([]);
    const update = await server.request('POST', `/api/theme-profile/update/${theme.id}`, {
      token: south,
      body: { name: 'Mine' },
    });
    expect(update.status).toBe(404);
    expect((await upload(south, theme.id, PNG, 'image/png')).status).toBe(404);
    expect((await fetch(`${server.url}/api/dashboard/default_application/${image}?token=${south}`)).status).toBe(404);

    // The operator sees every organisation's themes; the organisation's end-customer users read them but cannot change them.
    const all = await server.request('GET', '/api/theme-profile/', { token: admin });
    expect(all.body.map((row: { id: string }) => row.id)).toContain(theme.id);
    const viewer = await orgUser('north-viewer', 'end-customer', 'org-north', ['setting']);
    expect(
      (await server.request('GET', '/api/theme-profile/', { token: viewer })).body.map((row: { id: string }) => row.id),
    ).toEqual([theme.id]);
    expect((await fetch(`${server.url}/api/dashboard/default_application/${image}?token=${viewer}`)).status).toBe(200);
    const change = await server.request('POST', `/api/theme-profile/update/${theme.id}`, {
      token: viewer,
      body: { name: 'Mine' },
    });
    expect(change.status).toBe(403);
  });

  it('seeds the Light and Night demo themes through the same repository', async () => {
    const demo = await startTestServer({ backend, plugins: [themes], seedDemo: true });
    try {
      const { access_token } = await demo.login();
      const { body } = await demo.request('GET', '/api/theme-profile/', { token: access_token });
      expect(body.map((theme: { name: string }) => theme.name)).toEqual(['Light', 'Night']);
      expect(body[1].theme.dashboard.panelColor).toBe('#1f2430e6');
    } finally {
      await demo.close();
    }
  });
});
