import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, queryRows } from '@sensorium/core/server';
import { ItemLookupToken } from '@sensorium/nodes/common';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import backups from '../../backups/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import notifications from '../../notifications/server';
import publicAlert from '../../public-alert/server';
import plugin from './index';

const APP = 'adapter_backed';
const COPY = 'adapter_backed_copy';
const V1 = 'function decode(input) { return { fields: { v: 1 } }; }';
const V2 = 'function decode(input) { return { fields: { v: 2 } }; }';

describe.each(databaseBackends())('adapter scripts in backups on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let uuid: string;
  const send = (method: string, path: string, body?: unknown) => server.request(method, path, { token: admin, body });
  const scriptOf = async (appId: string, itemUuid: string) =>
    (await send('GET', `/api/adapters/${appId}/script?targetKind=item&targetId=${itemUuid}`)).body;

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      plugins: [applications, nodes, devicePipeline, events, publicAlert, notifications, backups, plugin],
    });
    admin = (await server.login()).access_token;
    await createTestApplication(server, admin, { id: APP, name: 'Backed up scripts' });
    const item = await send('POST', `/api/node-structure-item/${APP}/items`, {
      parentName: 'root',
      newItem: { itemType: 'item', itemName: 'th-b', dataSource: { type: 'chirpstack', deviceEUI: 'A84041000181C6B1' } },
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    uuid = item.body.uuid;
    for (const source of [V1, V2]) {
      expect((await send('POST', `/api/adapters/${APP}/script`, { targetKind: 'item', targetId: uuid, source })).status).toBe(
        200,
      );
    }
  });
  afterAll(() => server?.close());

  it('restores an item script with its versions, also onto the copy of its item in another application', async () => {
    const before = await scriptOf(APP, uuid);
    const backup = await send('POST', `/api/backup/${APP}`, { description: 'Scripts' });
    expect(backup.status, JSON.stringify(backup.body)).toBe(201);
    expect((await send('DELETE', `/api/adapters/${APP}/script?targetKind=item&targetId=${uuid}`)).status).toBe(200);

    const restored = await send('POST', `/api/backup/${APP}/${backup.body.folder}/restore`, {});
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const item = (await server.running.resolve(ItemLookupToken).devices(APP, null))[0]!.item;
    const after = await scriptOf(APP, item.uuid);
    expect(after.script).toMatchObject({ currentVersion: 2, source: V2 });
    expect(after.versions.map((v: { version: number; source: string }) => [v.version, v.source])).toEqual(
      before.versions.map((v: { version: number; source: string }) => [v.version, v.source]),
    );

    const copied = await send('POST', `/api/backup/${APP}/${backup.body.folder}/restore`, { targetAppId: COPY });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    const copy = (await server.running.resolve(ItemLookupToken).devices(COPY, null))[0]!.item;
    expect(copy.uuid).not.toBe(item.uuid);
    expect((await scriptOf(COPY, copy.uuid)).script).toMatchObject({ currentVersion: 2, source: V2, appId: COPY });
  });

  it('deletes an application’s item scripts with it', async () => {
    const scriptsOf = async (appId: string) =>
      queryRows<{ n: number }>(
        server.running.resolve(DatabaseToken),
        sql`SELECT count(*)::int AS n FROM adapters_scripts WHERE app_id = ${appId}`,
      );
    expect(await scriptsOf(COPY)).toEqual([{ n: 1 }]);
    const deleted = await send('DELETE', `/api/application/${COPY}/`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    expect(await scriptsOf(COPY)).toEqual([{ n: 0 }]);
    expect(await scriptsOf(APP)).toEqual([{ n: 1 }]);
  });
});
