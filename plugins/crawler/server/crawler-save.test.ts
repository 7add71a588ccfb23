import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LANGUAGES, translationKeys } from '@sensorium/core/common';
import { DatabaseToken } from '@sensorium/core/server';
import { serverPlugins } from '../../../host/server/plugins';
import { databaseBackends, startTestServer, type DatabaseBackend } from '../../../host/server/testing';
import { crawlerI18n } from '../common/i18n';
import { crawlerPlugin } from './index';

const APP = 'crawl_app';
const LOOPBACK = 'http://127.0.0.1:9/meter';

/** A server with the crawler, an application and its tree; `outboundAllow` as SENSORIUM_OUTBOUND_ALLOW. */
async function crawlerServer(backend: DatabaseBackend, outboundAllow?: string[]) {
  const plugins = serverPlugins.filter((plugin) => ['applications', 'nodes'].includes(plugin.manifest.id));
  const server = await startTestServer({ backend, plugins: [...plugins, crawlerPlugin(60_000)], outboundAllow });
  const token = (await server.login()).access_token;
  const app = await server.request('POST', '/api/application/new/', {
    token,
    body: { id: APP, name: 'Crawl', description: '', endCustomerId: 'end_default' },
  });
  expect(app.status, JSON.stringify(app.body)).toBe(201);
  await server.request('GET', `/api/node-structure-item/${APP}/tree`, { token });
  const addItem = (itemName: string, dataSource: Record<string, unknown>, language = 'en') =>
    server.request('POST', `/api/node-structure-item/${APP}/items`, {
      token,
      body: { newItem: { itemType: 'item', itemName, dataSource }, parentName: 'root' },
      headers: { 'accept-language': language },
    });
  return { server, token, addItem };
}

describe('the crawler texts', () => {
  it('has every key in en, hk and cn', () => {
    for (const language of LANGUAGES) {
      expect(translationKeys(crawlerI18n[language]).sort()).toEqual(translationKeys(crawlerI18n.en).sort());
    }
  });
});

describe.each(databaseBackends())('a crawler item is checked when it is saved on %s', (backend) => {
  let guarded: Awaited<ReturnType<typeof crawlerServer>>;
  let allowed: Awaited<ReturnType<typeof crawlerServer>>;

  beforeAll(async () => {
    guarded = await crawlerServer(backend);
    allowed = await crawlerServer(backend, ['127.0.0.1']);
  });
  afterAll(async () => {
    await guarded?.server.close();
    await allowed?.server.close();
  });

  it("refuses a target on the console's own network with a translated 400 naming the URL, and saves nothing", async () => {
    const refused = await guarded.addItem('meter', { type: 'crawler', url: LOOPBACK, intervalSec: '60' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      field: 'newItem.dataSource.url',
      code: 'crawler.errors.addressRefused',
      message:
        'The console does not reach this address: 127.0.0.1 is on a private or local network. Ask your operator to allow it (SENSORIUM_OUTBOUND_ALLOW).',
    });
    const metadata = await guarded.addItem('meta', { type: 'crawler', url: 'http://169.254.169.254/latest/meta-data/' }, 'zh-CN');
    expect(metadata.body).toMatchObject({ field: 'newItem.dataSource.url', code: 'crawler.errors.addressRefused' });
    expect(metadata.body.message).toContain('169.254.169.254 位于私有或本地网络');
    const tree = await guarded.server.request('GET', `/api/node-structure-item/${APP}/tree`, { token: guarded.token });
    expect(JSON.stringify(tree.body)).not.toContain('"meter"');
  });

  it('refuses a missing or non-http target as the wizard form does', async () => {
    const missing = await guarded.addItem('blank', { type: 'crawler', url: '' });
    expect(missing.body).toMatchObject({ field: 'newItem.dataSource.url', message: 'Please fill out the form.' });
    const file = await guarded.addItem('file', { type: 'crawler', url: 'file:///etc/passwd' });
    expect(file.body).toMatchObject({ field: 'newItem.dataSource.url', message: 'Invalid URL.' });
  });

  it('saves a loopback target when the operator allows it (SENSORIUM_OUTBOUND_ALLOW)', async () => {
    const saved = await allowed.addItem('meter', { type: 'crawler', url: LOOPBACK, intervalSec: '60' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  });

  it('checks the data source again when an edit changes it, and not on unrelated edits', async () => {
    // An item saved before targets were checked (or while the operator allowed loopback) stays editable...
    const db = guarded.server.running.resolve(DatabaseToken);
    const dataSource = JSON.stringify({ type: 'crawler', url: LOOPBACK });
    const [row] = (
      (await db.execute(
        sql`INSERT INTO node_items (app_id, item_name, item_type, parent_uuid, data_source)
          SELECT ${APP}, 'legacy', 'item', uuid, ${dataSource}::jsonb FROM node_items WHERE app_id = ${APP} AND item_name = 'root'
          RETURNING uuid`,
      )) as unknown as { rows: { uuid: string }[] }
    ).rows;
    const item = `/api/node-structure-item/${APP}/items/${row!.uuid}`;
    const patch = (body: Record<string, unknown>) => guarded.server.request('PATCH', item, { token: guarded.token, body });
    expect((await patch({ enable: false, itemDisplayName: 'Legacy meter' })).status).toBe(200);
    // ...but a change to its data source saves it again, and is refused.
    const changed = await patch({ connectionTimeoutSec: 60 });
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({ field: 'dataSource.url', code: 'crawler.errors.addressRefused' });
  });
});
