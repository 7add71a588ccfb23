import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import deviceProfiles from '../../device-profiles/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import { defaultFieldPreference, defaultFirstRange } from '../../nodes/common/field-preference';
import notifications from '../../notifications/server';
import publicAlert from '../../public-alert/server';
import themes from '../../themes/server';
import { wallClock, type AuditHistoryRecord } from '../common';
import audit from './index';

const APP = 'audited_plant';
const SECRET = 'twilio-auth-token-1234';
const lastHour = () => {
  const start = wallClock(Date.now() - 60 * 60_000, 8 * 60);
  const due = wallClock(Date.now() + 60_000, 8 * 60);
  return { startDate: start.date, startTime: start.time, dueDate: due.date, dueTime: due.time };
};

// Issue 14: every update and delete records the changed fields' old and new values (secrets masked), typed by what it
// changed (item settings are `equipment`).
describe.each(databaseBackends())('audit records of changes on %s', (backend) => {
  let server: TestServer;
  let admin: string;

  const call = async (method: string, path: string, body?: unknown, status = 200) => {
    const answer = await server.request(method, path, { token: admin, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    return answer.body;
  };
  /** The newest record of an action (or `METHOD url`) in the last hour, as the enquiry answers it. */
  const newest = async (keyword: string, body: Record<string, unknown> = {}): Promise<AuditHistoryRecord> => {
    const answer = await server.request<AuditHistoryRecord[]>('POST', '/api/audithistory/enquiry', {
      token: admin,
      body: { ...lastHour(), keyword, ...body },
    });
    expect(answer.body.length, keyword).toBeGreaterThan(0);
    return answer.body[0]!;
  };

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      plugins: [applications, nodes, devicePipeline, events, publicAlert, notifications, themes, deviceProfiles, audit],
    });
    admin = (await server.login()).access_token;
    await createTestApplication(server, admin, { id: APP, name: 'Audited Plant' });
  });
  afterAll(() => server?.close());

  it('shows a contact’s old and new values on an update, and what a delete removed', async () => {
    const contacts = `/api/notifications/${APP}/contacts`;
    const ada = await call('POST', contacts, { name: 'Ada Lovelace', email: 'ada@example.com', priority: 2 }, 201);
    await call('PUT', `${contacts}/${ada.id}`, { name: 'Ada King', priority: 3 });
    const updated = await newest('PUT /notifications/:appId/contacts/:id');
    expect(updated.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', old: 'Ada Lovelace', new: 'Ada King' },
        { field: 'priority', old: '2', new: '3' },
      ]),
    );
    expect(updated.changes.map((change) => change.field)).not.toContain('email');
    expect(updated.location).toBe('Audited Plant');

    await call('DELETE', `${contacts}/${ada.id}`, undefined, 204);
    const deleted = await newest('DELETE /notifications/:appId/contacts/:id');
    expect(deleted.log).toContain('Ada King');
    expect(deleted.changes).toContainEqual({ field: 'email', old: 'ada@example.com', new: null });
  });

  it('shows a theme’s and a device profile’s old and new values', async () => {
    const theme = await call('POST', '/api/theme-profile/new', { name: 'Harbour', description: 'Blue panels' }, 201);
    await call('POST', `/api/theme-profile/update/${theme.id}`, { name: 'Harbour Night', description: 'Blue panels' });
    expect((await newest('Harbour Night')).changes).toEqual([
      { field: 'name', old: 'Harbour', new: 'Harbour Night' },
      { field: 'theme.name', old: 'Harbour', new: 'Harbour Night' },
    ]);

    const profile = { deviceProfileName: 'Acme Valve', sensorBrand: 'Acme', sensorModel: 'AV-2', dataSource: 'lora' };
    const created = await call('POST', '/api/device-profiles', profile, 200);
    await call('PUT', `/api/device-profiles/${created.uuid}`, { ...profile, sensorModel: 'AV-3' });
    const changed = await newest('PUT /device-profiles/:uuid');
    expect(changed.log).toContain('Acme Valve');
    expect(changed.changes).toContainEqual({ field: 'sensorModel', old: 'AV-2', new: 'AV-3' });
  });

  it('records a field setting change as equipment, each changed setting with its old and new value', async () => {
    const item = await call(
      'POST',
      `/api/node-structure-item/${APP}/items`,
      { parentName: 'root', newItem: { itemType: 'item', itemName: 'boiler', dataSource: { type: 'api', deviceEUI: 'b-1' } } },
      201,
    );
    const preference = { ...defaultFieldPreference('temperature'), rangeSettings: { ranges: [defaultFirstRange()] } };
    const url = `/api/node-structure-item/${APP}/items/${item.uuid}/field-preference`;
    await call('PUT', url, { targetField: 'temperature', preference: { ...preference, unit: '°C' } });
    await call('PUT', url, { targetField: 'temperature', preference: { ...preference, unit: '°F' } });

    const saved = await newest('nodes.field-preference.save', { type: 'equipment' });
    expect(saved.type).toBe('equipment');
    expect(saved.changes).toEqual([{ field: 'temperature.unit', old: '°C', new: '°F' }]);
    expect(saved.activityDetail).toBe('temperature.unit: °C → °F');
    expect((await newest('boiler', { type: 'equipment' })).type).toBe('equipment');
    const users = await server.request<AuditHistoryRecord[]>('POST', '/api/audithistory/enquiry', {
      token: admin,
      body: { ...lastHour(), keyword: 'nodes.field-preference.save', type: 'useraction' },
    });
    expect(users.body).toEqual([]);
  });

  it('masks a provider’s secret and its authorization header in old and new values', async () => {
    const provider = {
      channel: 'sms',
      kind: 'http',
      url: 'https://sms.example.com/send',
      method: 'POST',
      headers: `Authorization: Bearer ${SECRET}`,
      body: '{"to":"{{to}}"}',
      secret: SECRET,
    };
    await call('PUT', '/api/notifications/providers/default', provider);
    await call('PUT', '/api/notifications/providers/default', {
      ...provider,
      url: 'https://sms2.example.com/send',
      secret: `${SECRET}-2`,
    });
    const changed = await newest('PUT /notifications/providers/default');
    expect(changed.changes).toEqual(
      expect.arrayContaining([
        { field: 'settings.url', old: 'https://sms.example.com/send', new: 'https://sms2.example.com/send' },
        { field: 'secretMasked', old: '***', new: '***' },
      ]),
    );
    expect(JSON.stringify(changed)).not.toContain(SECRET);
  });
});
