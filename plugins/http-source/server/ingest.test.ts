import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingSink, recordingSinkPlugin } from '../../../host/server/data-sources/recording-sink';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import httpSource from './index';

describe.each(databaseBackends())('HTTP ingest (%s)', (backend) => {
  const sink = new RecordingSink();
  sink.known.add('api:boiler-1');
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      plugins: [applications, recordingSinkPlugin(sink, 'device-pipeline'), httpSource],
    });
    adminToken = (await server.login()).access_token;
    const created = await server.request('POST', '/api/application/new/', {
      token: adminToken,
      body: { id: 'plant_1', name: 'Plant 1', endCustomerId: 'end_default' },
    });
    expect(created.status).toBe(201);
    await server.createUser({ username: 'viewer', password: 'viewer-password-1', level: 'si-customer', permissions: [] });
  });
  afterAll(() => server?.close());

  it('stores the field values of an item and answers after the commit', async () => {
    const response = await server.request('POST', '/api/ingest/plant_1/boiler-1', {
      token: adminToken,
      body: { temperature: 71.5, pump: 1 },
    });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ stored: 1, duplicates: 0, unknown: 0 });
    expect(sink.uplinks.at(-1)).toMatchObject({
      source: 'api',
      deviceId: 'boiler-1',
      applicationId: 'plant_1',
      fields: { temperature: 71.5, pump: 1 },
    });
  });

  it('counts a retry with the same Idempotency-Key once', async () => {
    const send = () =>
      server.request('POST', '/api/ingest/plant_1/boiler-1', {
        token: adminToken,
        body: { temperature: 72 },
        headers: { 'idempotency-key': 'reading-42' },
      });
    const before = sink.uplinks.length;
    expect((await send()).status).toBe(202);
    const retry = await send();
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ stored: 0, duplicates: 1, unknown: 0 });
    expect(sink.uplinks.length - before).toBe(1);
  });

  it('answers 404 for an unknown item or application, 400 for a body that is no object, 403 without nodemanagement', async () => {
    const unknownItem = await server.request('POST', '/api/ingest/plant_1/nothing', { token: adminToken, body: { a: 1 } });
    expect(unknownItem.status).toBe(404);
    expect(unknownItem.body.message).toBe('No item of this application is named like that.');
    expect((await server.request('POST', '/api/ingest/plant_9/boiler-1', { token: adminToken, body: { a: 1 } })).status).toBe(
      404,
    );
    const list = await server.request('POST', '/api/ingest/plant_1/boiler-1', {
      token: adminToken,
      body: [1, 2],
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(list.status).toBe(400);
    expect(list.body.message).toBe('内容必须是字段数值的 JSON 对象。');
    const { access_token } = await server.login('viewer', 'viewer-password-1');
    expect((await server.request('POST', '/api/ingest/plant_1/boiler-1', { token: access_token, body: { a: 1 } })).status).toBe(
      403,
    );
    expect((await server.request('POST', '/api/ingest/plant_1/boiler-1', { body: { a: 1 } })).status).toBe(401);
  });

  it('dead-letters a body that is no object and values over the maximum uplink size (413); 200 KB pass', async () => {
    const before = sink.rejected.length;
    const send = (body: unknown) => server.request('POST', '/api/ingest/plant_1/boiler-1', { token: adminToken, body });
    expect((await send({ blob: 'x'.repeat(200 * 1024) })).status).toBe(202);
    const large = await send({ blob: 'x'.repeat(300 * 1024) });
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('The values are larger than the maximum uplink size of 262144 bytes.');
    expect((await send('"just text"')).status).toBe(400);
    expect(sink.rejected.slice(before).map(({ reason, applicationId }) => ({ reason, applicationId }))).toEqual([
      { reason: 'too-large', applicationId: 'plant_1' },
      { reason: 'not-an-uplink', applicationId: 'plant_1' },
    ]);
  });
});
