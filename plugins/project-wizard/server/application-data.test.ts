import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, queryRows, type Database } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import backups from '../../backups/server';
import dashboards from '../../dashboards/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import themes from '../../themes/server';
import plugin from './index';

const COPY = 'cold_store_copy';

interface ProjectFact {
  start_info: string;
  template_id: string | null;
  location_type: string;
  building_name: string;
  address: string;
  created_by: string;
}

describe.each(databaseBackends())('project records in backups on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let db: Database;
  let appId: string;
  const send = (method: string, path: string, body?: unknown) => server.request(method, path, { token: admin, body });
  const projectOf = (id: string) =>
    queryRows<ProjectFact>(
      db,
      sql`SELECT start_info, template_id, location_type, building_name, address, created_by
        FROM project_wizard_projects WHERE app_id = ${id}`,
    );
  const devicesOf = (id: string) =>
    queryRows<{ source: string; device_id: string; kind: string }>(
      db,
      sql`SELECT source, device_id, kind FROM project_wizard_devices WHERE app_id = ${id} ORDER BY source, device_id`,
    );

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      plugins: [applications, nodes, devicePipeline, events, themes, dashboards, backups, plugin],
    });
    admin = (await server.login()).access_token;
    db = server.running.resolve(DatabaseToken);
    const created = await send('POST', '/api/project', {
      startInfo: 'use-template',
      templateId: 'cold-chain-storage',
      projectName: 'Cold Store',
      locationType: 'single',
      buildingName: 'Harbour House',
      address: '1 Harbour Road',
      endCustomerId: 'end_default',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    appId = created.body.projectId;
  });
  afterAll(() => server?.close());

  it('restores a template project’s record and simulated devices, and the record into another application', async () => {
    const project = await projectOf(appId);
    const devices = await devicesOf(appId);
    expect(project).toEqual([
      expect.objectContaining({
        start_info: 'use-template',
        template_id: 'cold-chain-storage',
        building_name: 'Harbour House',
        address: '1 Harbour Road',
      }),
    ]);
    expect(devices.length).toBeGreaterThan(0);
    const backup = await send('POST', `/api/backup/${appId}`, { description: 'Project' });
    expect(backup.status, JSON.stringify(backup.body)).toBe(201);
    // Lost since the backup: the restore brings both back as they were.
    await db.execute(sql`DELETE FROM project_wizard_devices WHERE app_id = ${appId}`);
    await db.execute(sql`DELETE FROM project_wizard_projects WHERE app_id = ${appId}`);

    const restored = await send('POST', `/api/backup/${appId}/${backup.body.folder}/restore`, {});
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(await projectOf(appId)).toEqual(project);
    expect(await devicesOf(appId)).toEqual(devices);

    // The copy keeps the record; the devices stay simulated for the application that still has them.
    const copied = await send('POST', `/api/backup/${appId}/${backup.body.folder}/restore`, { targetAppId: COPY });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    expect(await projectOf(COPY)).toEqual(project);
    expect(await devicesOf(COPY)).toEqual([]);
    expect(await devicesOf(appId)).toEqual(devices);
  });

  it('deletes a project’s record with its application', async () => {
    expect(await projectOf(COPY)).toHaveLength(1);
    const deleted = await send('DELETE', `/api/application/${COPY}/`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    expect(await projectOf(COPY)).toEqual([]);
    expect(await projectOf(appId)).toHaveLength(1);
  });
});
