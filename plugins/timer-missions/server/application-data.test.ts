import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import { valveItemBody } from '../../../host/server/testing/valve-item';
import { ItemLookupToken } from '@sensorium/nodes/common';
import applications from '../../applications/server';
import backups from '../../backups/server';
import chirpstack from '../../chirpstack/server';
import devicePipeline from '../../device-pipeline/server';
import nodes from '../../nodes/server';
import { defaultMissionSettings, TimerSchedulerToken, type TimerMissionSettings } from '../common';
import plugin from './index';

const APP = 'tm_backed';
const COPY = 'tm_backed_copy';
const VALVE_EUI = 'a84041000181c6ee';
const HOLIDAYS = ['2026-12-25', '2027-01-01'];

/** Opens the valve at 08:00 every day but holidays, skipping two days. */
const mornings = (): TimerMissionSettings => ({
  ...defaultMissionSettings('2026-01-01'),
  missionName: 'Morning valve',
  desc: 'Opens the valve',
  actions: [{ actionType: 'Device', deviceName: 'valve', commandId: 'open' }],
  timeslots: [
    {
      ...defaultMissionSettings('2026-01-01').timeslots[0]!,
      repeatOn: [true, true, true, true, true, true, true, false],
      skipDate: [
        { year: 2026, month: 12, day: 24 },
        { year: 2026, month: 12, day: 31 },
      ],
    },
  ],
});

/** Switched off; two slots, one of them only on holidays within a date range. */
const holidayEvenings = (): TimerMissionSettings => {
  const draft = defaultMissionSettings('2026-01-01');
  const [slot] = draft.timeslots;
  return {
    ...draft,
    missionName: 'Holiday evenings',
    isEnabled: false,
    actions: [{ actionType: 'Device', deviceName: 'valve', commandId: 'open' }],
    timeslots: [
      { ...slot!, startTime: { hour: 18, minute: 30, second: 0 } },
      {
        ...slot!,
        isAlwaysEffective: false,
        effectiveDate: { year: 2026, month: 12, day: 1 },
        untilDate: { year: 2027, month: 1, day: 31 },
        startTime: { hour: 20, minute: 0, second: 0 },
        repeatOn: [false, false, false, false, false, false, false, true],
      },
    ],
  };
};

describe.each(databaseBackends())('timer missions in backups on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let device: MqttClient;
  let downlinks = 0;
  const api = (path: string, appId = APP) => `/api/system-events-api/timer-mission-setting/${appId}/${path}`;
  const send = (method: string, path: string, body?: unknown) => server.request(method, path, { token: admin, body });
  const backUp = async () => {
    const backup = await send('POST', `/api/backup/${APP}`, { description: 'Timer missions' });
    expect(backup.status, JSON.stringify(backup.body)).toBe(201);
    return backup.body.folder as string;
  };
  const restore = async (folder: string, targetAppId?: string) => {
    const restored = await send('POST', `/api/backup/${APP}/${folder}/restore`, targetAppId ? { targetAppId } : {});
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
  };
  const deleteAll = async (appId = APP) => {
    for (const { id } of (await send('GET', api('list/', appId))).body) {
      expect((await send('DELETE', api(`delete/${id}`, appId))).status).toBe(200);
    }
  };

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      plugins: [applications, nodes, devicePipeline, chirpstack, backups, plugin],
      mqtt: true,
    });
    admin = (await server.login()).access_token;
    device = await connectAsync(server.mqtt!.url, {
      clientId: `valve-${randomUUID().slice(0, 8)}`,
      username: server.mqtt!.username,
      password: server.mqtt!.password,
    });
    await device.subscribeAsync(`${server.mqtt!.topicPrefix}application/+/device/+/command/down`, { qos: 1 });
    device.on('message', () => void (downlinks += 1));
    await createTestApplication(server, admin, { id: APP, name: 'Backed up missions' });
    const valve = await send('POST', `/api/node-structure-item/${APP}/items`, valveItemBody(VALVE_EUI, 'farm-1'));
    expect(valve.status, JSON.stringify(valve.body)).toBe(201);
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await server?.close();
  });

  it('brings back two missions and the holiday calendar as they were backed up', async () => {
    expect((await send('PUT', api('schedule-settings/'), { timeZone: 'Asia/Hong_Kong', holidays: HOLIDAYS })).status).toBe(200);
    for (const mission of [mornings(), holidayEvenings()]) {
      const created = await send('POST', api('create/'), mission);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    }
    const missions = (await send('GET', api('list/'))).body;
    expect(missions).toHaveLength(2);
    const folder = await backUp();

    await deleteAll();
    await send('PUT', api('schedule-settings/'), { timeZone: 'UTC', holidays: [] });
    await restore(folder);

    expect((await send('GET', api('list/'))).body).toEqual(missions);
    expect((await send('GET', api('schedule-settings/'))).body).toEqual({ timeZone: 'Asia/Hong_Kong', holidays: HOLIDAYS });
  });

  it('restores into another application with its missions commanding that application’s copy of the device', async () => {
    const folder = await backUp();
    await restore(folder, COPY);

    const original = (await send('GET', api('list/'))).body;
    const copied = (await send('GET', api('list/', COPY))).body;
    const withoutId = ({ id: _id, ...mission }: { id: string }) => mission;
    expect(copied.map(withoutId)).toEqual(original.map(withoutId));
    expect(copied.map((mission: { id: string }) => mission.id)).not.toContain(original[0].id);
    expect((await send('GET', api('schedule-settings/', COPY))).body).toEqual({ timeZone: 'Asia/Hong_Kong', holidays: HOLIDAYS });

    // The copy's valve is a new item (another uuid), and the missions' actions name it.
    const lookup = server.running.resolve(ItemLookupToken);
    const [sourceValve] = await lookup.devices(APP, null);
    const [copiedValve] = await lookup.devices(COPY, null);
    expect(copiedValve!.item.itemName).toBe('valve');
    expect(copiedValve!.item.uuid).not.toBe(sourceValve!.item.uuid);
    for (const { id, updatedAt: _updated, nextRunAt: _next, ...settings } of copied) {
      const check = await send('POST', api(`validate/${id}`, COPY), { timerMission: settings, checkComplete: true });
      expect(check.body).toEqual({});
    }
  });

  it('does not send again a start the mission ran before a restore of an older backup', async () => {
    await deleteAll();
    expect((await send('PUT', api('schedule-settings/'), { timeZone: 'UTC', holidays: [] })).status).toBe(200);
    const start = new Date(Math.ceil((Date.now() + 5_000) / 1000) * 1000);
    const mission = mornings();
    mission.timeslots[0]!.startTime = { hour: start.getUTCHours(), minute: start.getUTCMinutes(), second: start.getUTCSeconds() };
    mission.timeslots[0]!.repeatOn = Array(8).fill(true);
    mission.timeslots[0]!.skipDate = [];
    const { id } = (await send('POST', api('create/'), mission)).body;
    const before = downlinks;
    const folder = await backUp();
    expect(Date.now()).toBeLessThan(start.getTime());

    await expect.poll(() => downlinks, { timeout: 15_000, interval: 200 }).toBe(before + 1);
    await restore(folder);
    expect((await send('GET', api('list/'))).body).toEqual([expect.objectContaining({ id, missionName: 'Morning valve' })]);
    expect(await server.running.resolve(TimerSchedulerToken).tick()).toEqual({ sent: 0, failed: 0, skipped: 0 });
    expect(downlinks).toBe(before + 1);
  });

  it('goes with its application when that is deleted', async () => {
    expect((await send('DELETE', `/api/application/${COPY}/`)).status).toBe(204);
    await createTestApplication(server, admin, { id: COPY, name: 'Same id again' });
    expect((await send('GET', api('list/', COPY))).body).toEqual([]);
    expect((await send('GET', api('schedule-settings/', COPY))).body.holidays).toEqual([]);
  });
});
