import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, FileStoreToken, type ApplicationDataParticipant, type Database } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import { applicationDataParticipant } from './application-data-participant';
import applications from './index';
import { LogoStore } from './logo-store';
import { scopedFileStore } from '../../../host/server/plugin-host/scoped-services';

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

describe.each(databaseBackends())('the application row and logo as application data on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let db: Database;
  let logos: LogoStore;
  let participant: ApplicationDataParticipant;

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications] });
    admin = (await server.login()).access_token;
    db = server.running.container.resolve(DatabaseToken);
    logos = new LogoStore(scopedFileStore(server.running.container.resolve(FileStoreToken), 'applications'));
    participant = applicationDataParticipant(db, logos);
    await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: 'source_app', name: 'Source', description: 'kept', endCustomerId: 'end_default' },
    });
    const setting = { severitySettingEnable: true, severitySetting: {} };
    const logo = await logos.save('source_app', 'image/png', PNG);
    await server.request('PATCH', '/api/application/source_app', { token: admin, body: { setting, logo } });
  });
  afterAll(() => server?.close());

  it('exports the row as JSON and the logo file', async () => {
    const exported = await participant.exportData('source_app');
    expect(JSON.parse(JSON.stringify(exported.data))).toEqual(exported.data);
    const [row] = exported.data[0]!.rows;
    expect(row).toMatchObject({ id: 'source_app', name: 'Source', endCustomerId: 'end_default' });
    expect(exported.files).toEqual([{ name: row!.logo, content: PNG }]);
  });

  it('restores into a new application id with its logo, and over an existing one', async () => {
    const exported = await participant.exportData('source_app');
    await db.transaction((tx) => participant.importData('copy_app', exported, tx));
    const copy = await server.request('GET', '/api/application/copy_app', { token: admin });
    expect(copy.body).toMatchObject({ name: 'Source', description: 'kept', endCustomerId: 'end_default' });
    expect(copy.body.setting).toEqual({ severitySettingEnable: true, severitySetting: {} });
    expect((await logos.read('copy_app', copy.body.logo))?.content.equals(PNG)).toBe(true);

    await server.request('PATCH', '/api/application/source_app', { token: admin, body: { name: 'Changed', logo: '' } });
    await db.transaction((tx) => participant.importData('source_app', exported, tx));
    const restored = await server.request('GET', '/api/application/source_app', { token: admin });
    expect(restored.body).toMatchObject({ name: 'Source', logo: exported.files[0]!.name });
  });

  it('deletes the logo files, leaving the row to DELETE /application/{id}/', async () => {
    await db.transaction((tx) => participant.deleteData('copy_app', tx));
    expect(await server.running.container.resolve(FileStoreToken).list('applications/logos/copy_app/')).toEqual([]);
    expect((await server.request('GET', '/api/application/copy_app', { token: admin })).status).toBe(200);
  });
});
