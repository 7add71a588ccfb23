import { sql, type SQL } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  applicationDataParticipants,
  DatabaseToken,
  defineServerPlugin,
  FileStoreToken,
  type Database,
  type FileStore,
} from '@sensorium/core/server';
import { WebSocketPushHub } from '../../../host/server/push/push-hub';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import { ApplicationAccessToken } from '@sensorium/applications/common';
import applications from '../../applications/server';
import type { Backup, BackupManifest, BackupProgress } from '../common';
import backups from './index';

/** Rows of a raw query; both drivers answer `{ rows }`, which the shared Database type leaves unknown. */
async function selectRows(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  return ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

// A plugin that owns a small per-application table and one file per application, to prove the mechanism end to end.
const NOTES_FILE = (appId: string) => `${appId}/note.txt`;
/** The same file as the whole file store names it: the plugin's store is scoped to its id. */
const STORED_NOTES_FILE = (appId: string) => `backup-test-notes/${NOTES_FILE(appId)}`;
const notesPlugin = defineServerPlugin({
  manifest: { id: 'backup-test-notes', version: '0.1.0', dependsOn: ['applications'] },
  migrations: [
    {
      id: '001-notes',
      sql: 'CREATE TABLE backup_test_notes (id text NOT NULL, app_id text NOT NULL, body text NOT NULL, tags jsonb NOT NULL, PRIMARY KEY (app_id, id));',
    },
  ],
  deps: { db: DatabaseToken, files: FileStoreToken },
  register(context, { db, files }) {
    context.contribute(applicationDataParticipants, {
      id: 'backup-test.notes',
      order: 10,
      async exportData(appId) {
        const rows = await selectRows(db, sql`SELECT id, body, tags FROM backup_test_notes WHERE app_id = ${appId} ORDER BY id`);
        const note = await files.get(NOTES_FILE(appId));
        return { data: [{ table: 'backup_test_notes', rows }], files: note ? [{ name: 'note.txt', content: note }] : [] };
      },
      async importData(appId, exported, transaction) {
        for (const row of exported.data.find((set) => set.table === 'backup_test_notes')?.rows ?? []) {
          await transaction.execute(
            sql`INSERT INTO backup_test_notes (id, app_id, body, tags) VALUES (${row.id}, ${appId}, ${row.body}, ${JSON.stringify(row.tags)}::jsonb)`,
          );
        }
        const note = exported.files.find((file) => file.name === 'note.txt');
        if (note) await files.put(NOTES_FILE(appId), note.content);
      },
      async deleteData(appId, transaction) {
        await transaction.execute(sql`DELETE FROM backup_test_notes WHERE app_id = ${appId}`);
        await files.delete(NOTES_FILE(appId));
      },
    });
  },
});

function notesOf(db: Database, appId: string) {
  return selectRows(db, sql`SELECT id, body, tags FROM backup_test_notes WHERE app_id = ${appId} ORDER BY id`);
}

describe.each(databaseBackends())('backups API on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let db: Database;
  let files: FileStore;

  const download = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, { headers });
    return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
  };
  const createBackup = async (appId: string, description: string, token = admin) =>
    server.request<Backup>('POST', `/api/backup/${appId}`, { token, body: { description } });
  const createApplication = async (id: string, endCustomerId = 'end_default') => {
    const response = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id, name: `App ${id}`, description: 'Pumps', endCustomerId },
    });
    expect(response.status).toBe(201);
  };
  const addNotes = async (appId: string) => {
    await db.execute(
      sql`INSERT INTO backup_test_notes (id, app_id, body, tags) VALUES ('n1', ${appId}, 'Check pump', '["pump"]'), ('n2', ${appId}, 'Tank low', '{"level":3}')`,
    );
    await files.put(STORED_NOTES_FILE(appId), Buffer.from('site notes'));
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, notesPlugin, backups] });
    admin = (await server.login()).access_token;
    db = server.running.container.resolve(DatabaseToken);
    files = server.running.container.resolve(FileStoreToken);
    await createApplication('plant');
    await addNotes('plant');
  });
  afterAll(() => server?.close());

  it('backs up, lists newest first, downloads a zip with its manifest and deletes', async () => {
    const first = await createBackup('plant', 'Before the upgrade');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ description: 'Before the upgrade', status: 'ready' });
    expect(first.body.size).toBeGreaterThan(0);
    const second = await createBackup('plant', 'After the upgrade');
    const list = await server.request<Backup[]>('GET', '/api/backup/plant', { token: admin });
    expect(list.body.map((backup) => backup.folder)).toEqual([second.body.folder, first.body.folder]);

    const zip = await download(`/api/backup/download/plant/${first.body.folder}`, { authorization: `Bearer ${admin}` });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toBe(`attachment; filename="backup-${first.body.folder}.zip"`);
    const entries = unzipSync(zip.bytes);
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as BackupManifest;
    expect(manifest).toMatchObject({
      formatVersion: 1,
      applicationId: 'plant',
      description: 'Before the upgrade',
      createdDate: first.body.createDate,
      counts: { applications: 1, backup_test_notes: 2 },
    });
    expect(manifest.participants).toEqual(['applications.application', 'backup-test.notes']);
    expect(strFromU8(entries['backup-test.notes/files/note.txt']!)).toBe('site notes');

    // A plain link authenticates with the token query parameter.
    const byLink = await download(`/api/backup/download/plant/${first.body.folder}?token=${admin}`);
    expect(byLink.status).toBe(200);

    for (const { folder } of list.body) {
      expect((await server.request('DELETE', `/api/backup/plant/${folder}`, { token: admin })).status).toBe(204);
    }
    expect((await server.request('GET', '/api/backup/plant', { token: admin })).body).toEqual([]);
    expect((await download(`/api/backup/download/plant/${first.body.folder}?token=${admin}`)).status).toBe(404);
    expect(await files.list('backups/plant/')).toEqual([]);
  });

  it('restores the same application to exactly the backed-up data', async () => {
    const before = await notesOf(db, 'plant');
    const application = (await server.request('GET', '/api/application/plant', { token: admin })).body;
    const { body: backup } = await createBackup('plant', 'Known good');
    const patched = await server.request('PATCH', '/api/application/plant', {
      token: admin,
      body: { name: 'Renamed', description: 'Changed' },
    });
    expect(patched.status).toBe(200);
    await db.execute(sql`UPDATE backup_test_notes SET body = 'Changed', tags = '[]' WHERE app_id = 'plant' AND id = 'n1'`);
    await db.execute(sql`DELETE FROM backup_test_notes WHERE app_id = 'plant' AND id = 'n2'`);
    await db.execute(sql`INSERT INTO backup_test_notes (id, app_id, body, tags) VALUES ('n3', 'plant', 'New', '[]')`);
    await files.delete(STORED_NOTES_FILE('plant'));

    const restored = await server.request('POST', `/api/backup/plant/${backup.folder}/restore`, { token: admin, body: {} });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ appId: 'plant' });
    expect(await notesOf(db, 'plant')).toEqual(before);
    expect((await files.get(STORED_NOTES_FILE('plant')))?.toString()).toBe('site notes');
    const after = (await server.request('GET', '/api/application/plant', { token: admin })).body;
    expect({ ...after, updateDate: undefined }).toEqual({ ...application, updateDate: undefined });
  });

  it('restores into a new application id, leaving the original as it is', async () => {
    const { body: backup } = await createBackup('plant', 'For a copy');
    const restored = await server.request('POST', `/api/backup/plant/${backup.folder}/restore`, {
      token: admin,
      body: { targetAppId: 'plant_copy' },
    });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ appId: 'plant_copy' });
    expect(await notesOf(db, 'plant_copy')).toEqual(await notesOf(db, 'plant'));
    const { body } = await server.request('GET', '/api/application/', { token: admin });
    expect(body.appList.map((app: { id: string }) => app.id).sort()).toEqual(['plant', 'plant_copy']);

    for (const targetAppId of ['plant_copy', 'plant']) {
      const taken = await server.request('POST', `/api/backup/plant/${backup.folder}/restore`, {
        token: admin,
        body: { targetAppId },
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ field: 'targetAppId', message: 'ID is taken. Try another.' });
    }
    const badId = await server.request('POST', `/api/backup/plant/${backup.folder}/restore`, {
      token: admin,
      body: { targetAppId: 'Plant-Copy' },
    });
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ field: 'targetAppId', message: 'Only lowercase character, number and underscore.' });
  });

  it('brings back the application’s logo file with its row', async () => {
    await createApplication('logo_app');
    const form = new FormData();
    form.append('logo', new Blob([Buffer.from('GIF89a-logo')], { type: 'image/gif' }), 'logo.gif');
    const uploaded = await fetch(`${server.url}/api/application/logo_app/logo`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { logo } = (await uploaded.json()) as { logo: string };
    const { body: backup } = await createBackup('logo_app', 'With logo');
    expect((await server.request('DELETE', '/api/application/logo_app/logo', { token: admin })).status).toBe(200);

    expect(
      (await server.request('POST', `/api/backup/logo_app/${backup.folder}/restore`, { token: admin, body: {} })).status,
    ).toBe(200);
    expect((await server.request('GET', '/api/application/logo_app', { token: admin })).body.logo).toBe(logo);
    const image = await download(`/api/application/logo_app/${logo}?token=${admin}`);
    expect(Buffer.from(image.bytes).toString()).toBe('GIF89a-logo');
  });

  it('requires a description, in the caller’s language, and stores nothing', async () => {
    await createApplication('empty_app');
    for (const body of [{ description: '' }, { description: ' \t ' }, {}]) {
      const response = await server.request('POST', '/api/backup/empty_app', { token: admin, body });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ field: 'description', message: 'Description is required.' });
    }
    const hk = await server.request('POST', '/api/backup/empty_app', {
      token: admin,
      body: { description: '' },
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(hk.body.message).toBe('必須填寫描述。');
    expect((await server.request('GET', '/api/backup/empty_app', { token: admin })).body).toEqual([]);
  });

  it('refuses a damaged or foreign zip with a translated 400 and changes nothing', async () => {
    const before = await notesOf(db, 'plant');
    const { body: backup } = await createBackup('plant', 'To be damaged');
    const key = `backups/plant/${backup.folder}.zip`;
    const foreign = zipSync({
      'manifest.json': strToU8(JSON.stringify({ formatVersion: 1, applicationId: 'elsewhere', participants: [] })),
    });
    for (const content of [
      Buffer.from('not a zip at all'),
      Buffer.from(foreign),
      Buffer.from(zipSync({ 'a.txt': strToU8('x') })),
    ]) {
      await files.put(key, content);
      const response = await server.request('POST', `/api/backup/plant/${backup.folder}/restore`, { token: admin, body: {} });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('This file is damaged or is not a backup of this application.');
    }
    expect(await notesOf(db, 'plant')).toEqual(before);
  });

  it('refuses rows the database will not take (a missing NOT NULL value) with a translated 400 and changes nothing', async () => {
    const before = await notesOf(db, 'plant');
    const { body: backup } = await createBackup('plant', 'To be tampered with');
    const key = `backups/plant/${backup.folder}.zip`;
    const entries = unzipSync(new Uint8Array((await files.get(key))!));
    entries['backup-test.notes/data.json'] = strToU8(
      JSON.stringify([{ table: 'backup_test_notes', rows: [{ id: 'n1', body: null, tags: [] }] }]),
    );
    await files.put(key, Buffer.from(zipSync(entries)));
    const response = await server.request('POST', `/api/backup/plant/${backup.folder}/restore`, { token: admin, body: {} });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('backups.errors.invalidData');
    expect(await notesOf(db, 'plant')).toEqual(before);
  });

  it('marks a backup left creating by a stopped server failed at start-up; it can be deleted, not restored', async () => {
    await db.execute(
      sql`INSERT INTO backups (app_id, folder, description, status) VALUES ('plant', 'interrupted', 'Cut off', 'creating')`,
    );
    await backups.register(
      {
        pluginId: 'backups',
        config: {},
        provide: () => undefined,
        addRoute: () => undefined,
        addJob: () => undefined,
        contribute: () => undefined,
        contributions: () => [],
        onClose: () => undefined,
        onDrain: () => undefined,
      },
      // A hub of its own, as on a restarted server: the running one has the plugin's push channel already.
      { db, files, push: new WebSocketPushHub(), access: server.running.resolve(ApplicationAccessToken) },
    );
    const listed = await server.request<Backup[]>('GET', '/api/backup/plant', { token: admin });
    expect(listed.body.find((entry) => entry.folder === 'interrupted')?.status).toBe('failed');
    const restore = await server.request('POST', '/api/backup/plant/interrupted/restore', { token: admin, body: {} });
    expect(restore.status).toBe(409);
    expect(restore.body.code).toBe('backups.errors.failed');
    expect((await server.request('DELETE', '/api/backup/plant/interrupted', { token: admin })).status).toBe(204);
  });

  it('deletes an application’s backups, rows and zips, with the application', async () => {
    await createApplication('doomed');
    const backup = await createBackup('doomed', 'Last copy');
    expect(backup.status).toBe(201);
    expect(await files.list('backups/doomed')).toHaveLength(1);
    expect((await server.request('DELETE', '/api/application/doomed/', { token: admin })).status).toBe(204);
    expect(await files.list('backups/doomed')).toEqual([]);
    const rows = await db.execute(sql`SELECT count(*)::int AS total FROM backups WHERE app_id = 'doomed'`);
    expect((rows as unknown as { rows: { total: number }[] }).rows[0]?.total).toBe(0);
  });

  it('needs the setting permission', async () => {
    await server.createUser({ username: 'viewer', password: 'viewer-password-1', level: 'si-customer', permissions: ['event'] });
    const { access_token } = await server.login('viewer', 'viewer-password-1');
    expect((await server.request('GET', '/api/backup/plant', { token: access_token })).status).toBe(403);
    expect((await createBackup('plant', 'Nope', access_token)).status).toBe(403);
  });

  it('hides another tenant’s application (404 everywhere) and sends progress only to those who can see it', async () => {
    const addUser = (username: string, organisationId: string) =>
      server.loginAs({ username, organisationId, permissions: ['setting', 'useredit'] });
    const owner = await addUser('owner', 'org_owner');
    const stranger = await addUser('stranger', 'org_stranger');
    const customer = await server.request('POST', '/api/customer/end-customer/', { token: owner, body: { name: 'Owner Co' } });
    await createApplication('owned_app', customer.body.id);

    const received = { owner: [] as BackupProgress[], stranger: [] as BackupProgress[] };
    const sockets = await Promise.all(
      (['owner', 'stranger'] as const).map(
        (who) =>
          new Promise<WebSocket>((resolve, reject) => {
            const socket = new WebSocket(
              `${server.url.replace('http', 'ws')}/api/ws?token=${who === 'owner' ? owner : stranger}`,
            );
            socket.on('message', (raw) => {
              const message = JSON.parse(String(raw));
              if (message.topic === 'backup-progress') received[who].push(message.data);
            });
            socket.on('open', () => resolve(socket));
            socket.on('error', reject);
          }),
      ),
    );
    // The server registers a socket after its token is verified; give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const created = await createBackup('owned_app', 'Owner’s copy', owner);
    expect(created.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const socket of sockets) socket.close();
    expect(received.owner.map((progress) => progress.percent).at(-1)).toBe(100);
    expect(received.owner.every((progress) => progress.appId === 'owned_app' && progress.folder === created.body.folder)).toBe(
      true,
    );
    expect(received.stranger).toEqual([]);

    const folder = created.body.folder;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/backup/owned_app'],
      ['POST', '/api/backup/owned_app', { description: 'Mine now' }],
      ['GET', `/api/backup/download/owned_app/${folder}`],
      ['POST', `/api/backup/owned_app/${folder}/restore`, { targetAppId: 'stolen_app' }],
      ['DELETE', `/api/backup/owned_app/${folder}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await server.request(method, path, { token: stranger, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const list = await server.request<Backup[]>('GET', '/api/backup/owned_app', { token: owner });
    expect(list.body.map((backup) => backup.folder)).toEqual([folder]);
    expect((await server.request('GET', '/api/backup/no_such_app', { token: admin })).status).toBe(404);
  });
});
