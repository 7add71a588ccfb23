import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, Min, ValidateNested } from 'class-validator';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, defineRoute, defineServerPlugin, HttpError } from '@sensorium/core/server';
import { auditRecords } from '../db/schema';
import { databaseBackends, startTestServer, type TestServer } from '../testing';

class Dimensions {
  @IsInt()
  @Min(1)
  width!: number;
}

class ItemInput {
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  name!: string;

  @IsOptional()
  @Matches(/^[a-z0-9_]+$/, { message: 'probe.codeFormat' })
  code?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => Dimensions)
  size?: Dimensions;
}

class ItemParams {
  @IsString()
  itemId!: string;
}

const probe = defineServerPlugin({
  manifest: { id: 'probe', version: '1.0.0', licence: 'probe', permissions: ['probe.view'] },
  migrations: [{ id: '001-probe', sql: 'CREATE TABLE probe_items (id text PRIMARY KEY)' }],
  i18n: {
    en: { probe: { codeFormat: 'Only lowercase character, number and underscore.', taken: 'ID is taken. Try another.' } },
    hk: { probe: { codeFormat: '只可使用小寫字母、數字及底線。', taken: '此 ID 已被使用，請另選一個。' } },
    cn: { probe: { codeFormat: '只能使用小写字母、数字及下划线。', taken: '此 ID 已被使用，请另选一个。' } },
  },
  register(context) {
    context.addRoute(
      defineRoute({ method: 'GET', url: '/probe/open', summary: 'Public probe', auth: false, handler: () => ({ open: true }) }),
    );
    context.addRoute(
      defineRoute({
        method: 'GET',
        url: '/probe/guarded',
        summary: 'Needs probe.view',
        permission: 'probe.view',
        handler: () => ({ ok: true }),
      }),
    );
    context.addRoute(
      defineRoute({
        method: 'POST',
        url: '/probe/items/:itemId',
        summary: 'Store a probe item',
        params: ItemParams,
        body: ItemInput,
        handler: ({ params, body, user }) => ({
          itemId: params.itemId,
          name: body.name,
          width: body.size?.width ?? null,
          by: user.username,
        }),
      }),
    );
    context.addRoute(
      defineRoute({ method: 'DELETE', url: '/probe/items/:itemId', summary: 'Delete a probe item', handler: () => undefined }),
    );
    context.addRoute(
      defineRoute({
        method: 'POST',
        url: '/probe/taken',
        summary: 'Always taken',
        handler: () => {
          throw HttpError.conflict('probe.taken', 'id');
        },
      }),
    );
    context.addRoute(
      defineRoute({
        method: 'GET',
        url: '/probe/boom',
        summary: 'Fails unexpectedly',
        handler: () => {
          throw new Error('connection string postgres://secret@db leaked');
        },
      }),
    );
    context.addRoute(
      defineRoute({
        method: 'GET',
        url: '/probe/unlicensed',
        summary: 'Licence off',
        licence: 'probe-extra',
        handler: () => ({}),
      }),
    );
    context.addRoute(
      defineRoute({
        method: 'PUT',
        url: '/probe/upload',
        summary: 'Reads its own multipart body',
        rawBody: true,
        async handler({ request }) {
          const chunks: Buffer[] = [];
          for await (const chunk of request.raw) chunks.push(chunk as Buffer);
          return { type: request.headers['content-type'], bytes: Buffer.concat(chunks).length };
        },
      }),
    );
    context.addRoute(
      defineRoute({
        method: 'GET',
        url: '/probe/limited',
        summary: 'Two per minute',
        rateLimit: { max: 2, timeWindowMs: 60_000 },
        handler: () => ({}),
      }),
    );
  },
});

const hidden = defineServerPlugin({
  manifest: { id: 'hidden', version: '1.0.0', licence: 'hidden' },
  migrations: [{ id: '001-hidden', sql: 'CREATE TABLE hidden_things (id text PRIMARY KEY)' }],
  register(context) {
    context.addRoute(
      defineRoute({ method: 'GET', url: '/hidden/ping', summary: 'Hidden ping', auth: false, handler: () => ({ pong: true }) }),
    );
  },
});

describe.each(databaseBackends())('plugin routes on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let viewer: string;
  let outsider: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, licences: 'probe', plugins: [probe, hidden] });
    admin = (await server.login()).access_token;
    await server.createUser({ username: 'viewer', password: 'viewer-password', permissions: ['probe.view'] });
    await server.createUser({ username: 'outsider', password: 'outsider-password' });
    viewer = (await server.login('viewer', 'viewer-password')).access_token;
    outsider = (await server.login('outsider', 'outsider-password')).access_token;
  });
  afterAll(() => server?.close());

  it('answers a licensed plugin and 404 for a plugin or route whose licence is off', async () => {
    expect((await server.request('GET', '/api/probe/open')).status).toBe(200);
    const off = await server.request('GET', '/api/hidden/ping');
    expect(off.status).toBe(404);
    expect(off.body).toMatchObject({ statusCode: 404, code: 'errors.notFound' });
    expect((await server.request('GET', '/api/probe/unlicensed', { token: admin })).status).toBe(404);
  });

  it('still runs the migrations of a plugin whose licence is off, so its data survives', async () => {
    const db = server.running.container.resolve(DatabaseToken);
    const result = await db.execute(sql`SELECT to_regclass('hidden_things') IS NOT NULL AS present`);
    expect((result as unknown as { rows: { present: boolean }[] }).rows[0]?.present).toBe(true);
  });

  it('answers a JSON 404 for an unknown API path', async () => {
    const response = await server.request('GET', '/api/no/such/thing');
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('The requested page or item was not found.');
  });

  it('refuses a call without a valid access token with 401', async () => {
    expect((await server.request('GET', '/api/probe/guarded')).status).toBe(401);
    const forged = await server.request('GET', '/api/probe/guarded', { token: 'not.a.jwt' });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('errors.unauthorized');
  });

  it('refuses a user without the route permission with 403 and admits one holding it', async () => {
    const refused = await server.request('GET', '/api/probe/guarded', { token: outsider });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'errors.forbidden', message: 'You have no permission.' });
    expect((await server.request('GET', '/api/probe/guarded', { token: viewer })).status).toBe(200);
    expect((await server.request('GET', '/api/probe/guarded', { token: admin })).status).toBe(200);
  });

  it('passes validated, typed input to the handler', async () => {
    const response = await server.request('POST', '/api/probe/items/sensor-1', {
      token: admin,
      body: { name: 'Lobby', size: { width: 3 } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ itemId: 'sensor-1', name: 'Lobby', width: 3, by: 'admin' });
  });

  it('answers 400 naming the field, in the caller’s language', async () => {
    const response = await server.request('POST', '/api/probe/items/x', {
      token: admin,
      body: { name: '' },
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'validation.isNotEmpty',
      message: '此欄位為必填。',
      field: 'name',
      fields: [{ field: 'name', code: 'validation.isNotEmpty', message: '此欄位為必填。' }],
    });
  });

  it('lists every offending field, nested ones by path, with the rule’s limits and the plugin’s own messages', async () => {
    const response = await server.request('POST', '/api/probe/items/x', {
      token: admin,
      body: { name: 'a name that is far too long', code: 'Bad Code', size: { width: 0 }, colour: 'red' },
    });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      { field: 'name', code: 'validation.maxLength', message: 'This field must be at most 20 characters long.' },
      { field: 'code', code: 'probe.codeFormat', message: 'Only lowercase character, number and underscore.' },
      { field: 'size.width', code: 'validation.min', message: 'This field must be at least 1.' },
      { field: 'colour', code: 'validation.whitelistValidation', message: 'This field is not allowed.' },
    ]);
  });

  it('answers 400 for malformed JSON and for a body that is not an object', async () => {
    const malformed = await server.request('POST', '/api/probe/items/x', { token: admin, body: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'errors.invalidJson', message: 'The request body is not valid JSON.' });
    const list = await server.request('POST', '/api/probe/items/x', { token: admin, body: ['Lobby'] });
    expect(list.status).toBe(400);
    expect(list.body.code).toBe('errors.badRequest');
  });

  it('answers 413 for a body over the size limit', async () => {
    const response = await server.request('POST', '/api/probe/items/x', {
      token: admin,
      body: { name: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('errors.payloadTooLarge');
  });

  it('leaves the body of a raw-body route (an upload) to its handler', async () => {
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(1000)]), 'logo.png');
    const response = await fetch(`${server.url}/api/probe/upload`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(body.bytes).toBeGreaterThan(1000);
  });

  it('translates a plugin’s HttpError and names its field', async () => {
    const response = await server.request('POST', '/api/probe/taken', { token: admin, headers: { 'accept-language': 'zh-CN' } });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'probe.taken', message: '此 ID 已被使用，请另选一个。', field: 'id' });
  });

  it('answers an unexpected failure with a generic 500 that leaks nothing, and keeps serving', async () => {
    const response = await server.request('GET', '/api/probe/boom', { token: admin });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'errors.internal',
      message: 'Something went wrong on the server. Please try again later.',
    });
    expect(JSON.stringify(response.body)).not.toContain('secret');
    expect((await server.request('GET', '/api/probe/open')).status).toBe(200);
  });

  it('audits a change with who, what, target, plugin and address, a refused one as a failure, and not reads', async () => {
    const db = server.running.container.resolve(DatabaseToken);
    const deleted = await server.request('DELETE', '/api/probe/items/sensor-9', { token: viewer });
    expect(deleted.status).toBe(204);
    const [record] = await db.select().from(auditRecords).orderBy(desc(auditRecords.id)).limit(1);
    expect(record).toMatchObject({
      username: 'viewer',
      action: 'DELETE /probe/items/:itemId',
      target: 'sensor-9',
      pluginId: 'probe',
      address: '127.0.0.1',
      outcome: 'success',
    });
    await server.request('GET', '/api/probe/guarded', { token: viewer });
    await server.request('POST', '/api/probe/taken', { token: viewer });
    const probeRecords = await db.select().from(auditRecords).where(eq(auditRecords.pluginId, 'probe'));
    expect(probeRecords.find((entry) => entry.action === 'POST /probe/taken' && entry.username === 'viewer')).toMatchObject({
      outcome: 'failure',
      username: 'viewer',
      detail: expect.objectContaining({ status: 409 }),
    });
    expect(probeRecords.map((entry) => entry.action)).not.toContain('GET /probe/guarded');
  });

  it('rate-limits a route per address with a translated 429', async () => {
    const statuses = [];
    for (let call = 0; call < 3; call++) {
      statuses.push((await server.request('GET', '/api/probe/limited', { token: admin })).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await server.request('GET', '/api/probe/limited', { token: admin, headers: { 'accept-language': 'zh-HK' } });
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'errors.tooManyRequests', message: '請求過多，請稍後再試。' });
  });

  it('documents the plugin routes with their input schemas in the OpenAPI document', async () => {
    const response = await server.request('GET', '/api/docs/json');
    expect(response.status).toBe(200);
    const operation = response.body.paths['/api/probe/items/{itemId}'].post;
    expect(operation.summary).toBe('Store a probe item');
    expect(operation.tags).toEqual(['probe']);
    const schema = operation.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['name']);
    expect(schema.properties.name).toMatchObject({ type: 'string', maxLength: 20 });
    expect(schema.properties.size.$ref).toBe('#/components/schemas/Dimensions');
    expect(response.body.components.schemas.Dimensions.properties.width).toMatchObject({ type: 'integer', minimum: 1 });
    expect(response.body.paths['/api/hidden/ping']).toBeUndefined();
    expect((await server.request('GET', '/api/docs')).status).toBe(200);
  });
});
