import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import { ItemSourceErrorsToken } from '../../common/source-errors';
import type { Item } from '../../common/types';
import nodes from '../index';

describe.each(databaseBackends())('items’ source errors on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  const api = '/api/node-structure-item/crawled';

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes] });
    admin = (await server.login()).access_token;
    const app = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: 'crawled', name: 'Crawled', description: '', endCustomerId: 'end_default' },
    });
    expect(app.status).toBe(201);
    await server.request('GET', `${api}/tree`, { token: admin });
  });
  afterAll(() => server?.close());

  it('show the last failure on the item until the source answers again', async () => {
    const added = await server.request<Item>('POST', `${api}/items`, {
      token: admin,
      body: { newItem: { itemType: 'item', itemName: 'page-1', dataSource: { type: 'api' } }, parentName: 'root' },
    });
    expect(added.status).toBe(201);
    const { uuid } = added.body;
    const item = async () => (await server.request<Item>('GET', `${api}/items/${uuid}`, { token: admin })).body;
    expect(await item()).not.toHaveProperty('sourceError');

    const errors = server.running.resolve(ItemSourceErrorsToken);
    const at = new Date('2026-05-12T10:00:00.000Z');
    await errors.failed([{ uuid, message: 'first', at }]);
    await errors.failed([{ uuid, message: `Unexpected token 'o', "ok" is not valid JSON ${'x'.repeat(600)}`, at }]);
    const failed = await item();
    expect(failed.sourceError?.message).toMatch(/^Unexpected token 'o', "ok" is not valid JSON x+…$/);
    expect(failed.sourceError?.message).toHaveLength(500);
    expect(failed.sourceError?.at).toBe(at.toISOString());

    await errors.succeeded([uuid]);
    expect(await item()).not.toHaveProperty('sourceError');
  });
});
