import { Type } from 'class-transformer';
import { IsArray, IsEmail, IsInt, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute, defineServerPlugin, OffsetPageQuery } from '@sensorium/core/server';
import cn from '../i18n/cn.json';
import en from '../i18n/en.json';
import hk from '../i18n/hk.json';
import { LANGUAGES, Nullable, translationKeys } from '@sensorium/core/common';
import { databaseBackends, startTestServer, type TestServer } from '../testing';
import { serverPlugins } from '../plugins';
import { nestsDeeperThan } from './json-body';

class Part {
  @IsInt()
  count!: number;
}

class NoteInput {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  text?: string;

  @IsOptional()
  @IsEmail()
  email?: string;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => Part)
  parts?: Part[];

  @IsOptional()
  @IsInt()
  @Min(0)
  size?: number;

  /** null clears the label. */
  @IsOptional()
  @Nullable()
  @IsString()
  label?: string | null;
}

const probe = defineServerPlugin({
  manifest: { id: 'badinput', version: '1.0.0' },
  migrations: [],
  register(context) {
    context.addRoute(
      defineRoute({
        method: 'POST',
        url: '/badinput/notes',
        summary: 'Echo a note',
        body: NoteInput,
        handler: ({ body }) => body,
      }),
    );
    context.addRoute(
      defineRoute({
        method: 'PATCH',
        url: '/badinput/notes',
        summary: 'Patch a note',
        body: NoteInput,
        handler: ({ body }) => body,
      }),
    );
    context.addRoute(
      defineRoute({
        method: 'GET',
        url: '/badinput/page',
        summary: 'A page',
        query: OffsetPageQuery,
        handler: ({ query }) => query,
      }),
    );
    // No input models: the raw path parameter and query reach the handler (and, in real routes, the app scope's lookup).
    context.addRoute(
      defineRoute({
        method: 'GET',
        url: '/badinput/things/:name',
        summary: 'A thing by name',
        handler: ({ params, query }) => ({ params, query }),
      }),
    );
  },
});

describe('the HTTP pipeline texts', () => {
  it('has every key in en, hk and cn', () => {
    const trees = { en, hk, cn };
    for (const language of LANGUAGES) expect(translationKeys(trees[language]).sort()).toEqual(translationKeys(en).sort());
  });

  it('measures JSON depth on the text, ignoring brackets inside strings', () => {
    expect(nestsDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[1]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[\\"[[["}', 1)).toBe(false);
  });
});

describe.each(databaseBackends())('bad input answers 400, never 500, on %s', (backend) => {
  let server: TestServer;
  let token: string;
  const post = (body: unknown, method: 'POST' | 'PATCH' = 'POST') =>
    server.request(method, '/api/badinput/notes', { token, body });

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [probe] });
    token = (await server.login()).access_token;
  });
  afterAll(() => server?.close());

  it('refuses JSON nested 5,000 deep before parsing it, and 64 deep input', async () => {
    const deep = '{"parts":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
    const response = await fetch(`${server.url}/api/badinput/notes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: deep,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('errors.inputTooDeep');
  });

  it('refuses NUL in the path parameters and query of a route without input models, naming the field', async () => {
    const path = await server.request('GET', '/api/badinput/things/a%00b', { token });
    expect(path.status).toBe(400);
    expect(path.body).toMatchObject({ field: 'name', code: 'validation.noNulCharacter' });
    const query = await server.request('GET', '/api/badinput/things/a?q=%00', { token });
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ field: 'q', code: 'validation.noNulCharacter' });
    expect((await server.request('GET', '/api/badinput/things/a?q=b', { token })).body).toEqual({
      params: { name: 'a' },
      query: { q: 'b' },
    });
  });

  it('refuses NUL characters and lone surrogates in any string, naming the field', async () => {
    const nul = await post({ text: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ field: 'text', code: 'validation.noNulCharacter' });
    expect(nul.body.message).toBe('This field must not contain NUL characters.');
    const surrogate = await post({ text: 'a\ud800b' });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body).toMatchObject({ field: 'text', code: 'validation.wellFormedText' });
    expect((await post({ text: 'ok 😀' })).status).toBe(200);
  });

  it('refuses integers past the safe range, in queries and nested bodies', async () => {
    const page = await server.request('GET', '/api/badinput/page?offset=1e308', { token });
    expect(page.status).toBe(400);
    expect(page.body).toMatchObject({ field: 'offset', code: 'validation.safeInteger' });
    const nested = await post({ parts: [{ count: 1 }, { count: 2 ** 60 }] });
    expect(nested.status).toBe(400);
    expect(nested.body).toMatchObject({ field: 'parts.1.count', code: 'validation.safeInteger' });
    expect((await server.request('GET', '/api/badinput/page?offset=20', { token })).body).toEqual({ offset: 20, limit: 10 });
  });

  it('answers 400 naming the field where isEmail would throw URIError (a lone surrogate)', async () => {
    const response = await post({ email: '\ud800@example.com' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field: 'email', code: 'validation.wellFormedText' });
    expect((await post({ email: '%' })).body).toMatchObject({ field: 'email', code: 'validation.isEmail' });
  });

  it('refuses null in optional fields, naming the field, unless the model declares it @Nullable()', async () => {
    const text = await post({ text: null });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ field: 'text', code: 'validation.notNull' });
    expect(text.body.message).toBe('This field must not be null: leave it out or give a value.');
    const nested = await post({ parts: [{ count: 1 }, { count: null }] });
    expect(nested.body).toMatchObject({ field: 'parts.1.count' });
    const list = await post({ parts: null });
    expect(list.body).toMatchObject({ field: 'parts', code: 'validation.notNull' });
    const translated = await server.request('POST', '/api/badinput/notes', {
      token,
      body: { size: null },
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(translated.body).toMatchObject({ field: 'size', message: '此欄位不可為 null：請省略此欄位或提供一個值。' });
    expect(await post({ label: null })).toMatchObject({ status: 200, body: { label: null } });
    expect((await post({ label: 3 })).body).toMatchObject({ field: 'label', code: 'validation.isString' });
  });

  it('answers an empty PATCH with a translated 400', async () => {
    const response = await post({}, 'PATCH');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'errors.emptyPatch', message: 'The request names nothing to change.' });
    expect((await post({ size: 3 }, 'PATCH')).status).toBe(200);
  });
});

describe.each(databaseBackends())('bad input on real routes answers 400 on %s', (backend) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: serverPlugins });
    token = (await server.login()).access_token;
  });
  afterAll(() => server?.close());

  it('refuses NUL, lone surrogates, deep JSON, unsafe offsets and an empty PATCH on the user-group routes', async () => {
    const nul = await server.request('POST', '/api/user-groups', { token, body: { name: 'Ops\u0000', permissions: [] } });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ field: 'name', code: 'validation.noNulCharacter' });
    const surrogate = await server.request('POST', '/api/user-groups', { token, body: { name: 'Ops', permissions: ['\udc00'] } });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body).toMatchObject({ field: 'permissions.0', code: 'validation.wellFormedText' });
    const deep = await fetch(`${server.url}/api/user-groups`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"name":"Ops","permissions":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
    });
    expect(deep.status).toBe(400);
    const page = await server.request('GET', '/api/user-groups?offset=1e308', { token });
    expect(page.status).toBe(400);
    expect(page.body).toMatchObject({ field: 'offset', code: 'validation.safeInteger' });

    const created = await server.request<{ id: string }>('POST', '/api/user-groups', {
      token,
      body: { name: 'Ops', permissions: [] },
    });
    expect(created.status).toBe(201);
    const empty = await server.request('PATCH', `/api/user-groups/${created.body.id}`, { token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'errors.emptyPatch' });
  });

  it('refuses null where a route would trim it, and takes it where the model declares it nullable', async () => {
    const group = await server.request('POST', '/api/user-groups', { token, body: { name: 'Field', permissions: [] } });
    const user = { username: 'nulls', password: 'Correct-Horse-9', name: 'Nul Ls', groupId: group.body.id, level: 'cloud' };
    const created = await server.request('POST', '/api/users', { token, body: { ...user, email: null, ldapUrl: null } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const scope = await server.request('PATCH', `/api/users/${created.body.id}`, { token, body: { scope: null } });
    expect(scope.status).toBe(400);
    expect(scope.body).toMatchObject({ field: 'scope', code: 'validation.notNull' });
    const groupName = await server.request('PATCH', `/api/user-groups/${group.body.id}`, { token, body: { name: null } });
    expect(groupName.body).toMatchObject({ field: 'name', code: 'validation.notNull' });
  });
});
