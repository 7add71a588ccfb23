import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import nodes from '../../nodes/server';
import { DISPLAY_UNIT_PROFILE_UUID } from '../common';
import deviceProfiles from './index';

const LHT65 = '6a1c1e0e-0001-4c5e-9a51-0000000000a1';

const profile = (overrides: Record<string, unknown> = {}) => ({
  deviceProfileName: 'Acme Valve',
  sensorBrand: 'Acme',
  sensorModel: 'AV-2',
  subType: 'actuator',
  dataSource: 'lora',
  commands: [
    { id: 'av2-open', display: 'Open valve', payload: { fPort: 10, data: 'AQ==' } },
    { id: 'av2-close', display: 'Close valve', payload: { fPort: 10, data: 'AA==' } },
  ],
  outputSimpleDefault: { valve: 'closed' },
  outputConfig: { valve: { signal: 'string' } },
  deviceExtraInfoSetting: [
    { name: 'pipeSize', type: 'number' },
    { name: 'zones', type: 'array' },
  ],
  ...overrides,
});

describe.each(databaseBackends())('device profiles API on %s', (backend) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes, deviceProfiles] });
    admin = (await server.login()).access_token;
  });
  afterAll(() => server?.close());

  it('creates, changes and deletes a profile whose commands feed the device task list; built-in ones stay', async () => {
    const created = await server.request('POST', '/api/device-profiles', { token: admin, body: profile() });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      deviceProfileName: 'Acme Valve',
      appId: null,
      deviceExtraInfoSetting: profile().deviceExtraInfoSetting,
    });

    const tasks = await server.request(
      'GET',
      '/api/node-structure-item/getTaskListInDevice?deviceAdaptor=chirpstack&sn=1&model=AV-2',
      {
        token: admin,
      },
    );
    expect(tasks.body.commands.map((command: { display: string }) => command.display)).toEqual([
      'No command selected',
      'Open valve',
      'Close valve',
    ]);

    const changed = await server.request('PUT', `/api/device-profiles/${created.body.uuid}`, {
      token: admin,
      body: profile({ deviceProfileName: 'Acme Valve 2', commands: [{ id: 'av2-open', display: 'Open' }] }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ deviceProfileName: 'Acme Valve 2', commands: [{ id: 'av2-open', display: 'Open' }] });

    const deleted = await server.request('DELETE', `/api/device-profiles/${created.body.uuid}`, { token: admin });
    expect(deleted.status).toBe(200);
    const list = await server.request('GET', '/api/device-profiles', { token: admin });
    const names = list.body.map((entry: { deviceProfileName: string }) => entry.deviceProfileName);
    expect(names).not.toContain('Acme Valve 2');
    expect(names).toContain('Dragino LHT65 Temperature & Humidity');
    expect(names).toContain('Milesight AM104 Ambience Sensor');

    const builtIn = await server.request('DELETE', `/api/device-profiles/${LHT65}`, { token: admin });
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.message).toBe('Built-in profiles cannot be deleted.');
  });

  it('refuses bad profiles naming the field, and changes nothing', async () => {
    const before = (await server.request('GET', '/api/device-profiles', { token: admin })).body.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ deviceProfileName: ' ' }, 'deviceProfileName', 'Profile name is required.'],
      [{ dataSource: 'zigbee' }, 'dataSource', 'The data source must be lora, prtg, robot, lift or rgtnbiot.'],
      [
        {
          commands: [
            { id: 'a', display: 'A' },
            { id: 'a', display: 'B' },
          ],
        },
        'commands',
        'Command IDs must be different.',
      ],
      [{ commands: [{ id: 'a', display: '' }] }, 'commands.0.display', 'Display name is required.'],
      [
        { deviceExtraInfoSetting: [{ name: 'x', type: 'date' }] },
        'deviceExtraInfoSetting.0.type',
        'The type must be string, number, boolean or array.',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const refused = await server.request('POST', '/api/device-profiles', { token: admin, body: profile(overrides) });
      expect(refused.status, field).toBe(400);
      expect(refused.body).toMatchObject({ field, message });
    }
    expect((await server.request('GET', '/api/device-profiles', { token: admin })).body).toHaveLength(before);
  });

  it('keeps the display-unit profile to its seven units, saving only the ticked ones', async () => {
    // The profile as a PUT body: its own uuid and appId are not part of it.
    const {
      uuid: _uuid,
      appId: _appId,
      ...am104
    } = (await server.request('GET', '/api/device-profiles', { token: admin })).body.find(
      (entry: { uuid: string }) => entry.uuid === DISPLAY_UNIT_PROFILE_UUID,
    );
    const refused = await server.request('PUT', `/api/device-profiles/${DISPLAY_UNIT_PROFILE_UUID}`, {
      token: admin,
      body: { ...am104, outputConfig: { ...am104.outputConfig, CO2: { unit: 'ppm' } } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('outputConfig');
    const ticked = await server.request('PUT', `/api/device-profiles/${DISPLAY_UNIT_PROFILE_UUID}`, {
      token: admin,
      body: {
        ...am104,
        outputSimpleDefault: { Battery: 0, Temperature: 0 },
        outputConfig: { Battery: { unit: '%' }, Temperature: { unit: '°C', decimalPlace: 1 } },
      },
    });
    expect(ticked.status).toBe(200);
    expect(Object.keys(ticked.body.outputConfig).sort()).toEqual(['Battery', 'Temperature']);
  });

  it('exports the profiles as JSON and imports them back: known ones changed, missing ones added', async () => {
    const created = await server.request('POST', '/api/device-profiles', {
      token: admin,
      body: profile({ deviceProfileName: 'Shared' }),
    });
    const exported = await server.request('GET', '/api/device-profiles/export', { token: admin });
    expect(exported.headers['content-disposition']).toContain('device-profiles.json');
    expect(exported.body.format).toBe('sensorium-device-profiles/v1');
    await server.request('DELETE', `/api/device-profiles/${created.body.uuid}`, { token: admin });

    const imported = await server.request('POST', '/api/device-profiles/import', {
      token: admin,
      body: { profiles: exported.body.profiles },
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ created: 1, updated: exported.body.profiles.length - 1 });
    const back = await server.request('GET', '/api/device-profiles', { token: admin });
    expect(back.body.find((entry: { uuid: string }) => entry.uuid === created.body.uuid)).toMatchObject({
      deviceProfileName: 'Shared',
    });

    const bad = await server.request('POST', '/api/device-profiles/import', {
      token: admin,
      body: { profiles: [profile({ deviceProfileName: '' })] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('profiles.0.deviceProfileName');
  });

  it('is the operator’s: other levels are refused', async () => {
    const si = await server.loginAs({ username: 'dp_si', permissions: ['setting'] });
    expect((await server.request('GET', '/api/device-profiles', { token: si })).status).toBe(403);
    expect((await server.request('POST', '/api/device-profiles', { token: si, body: profile() })).status).toBe(403);
  });
});
