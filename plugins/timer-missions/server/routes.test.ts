import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogToken, DatabaseToken } from '@sensorium/core/server';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import { valveItemBody } from '../../../host/server/testing/valve-item';
import applications from '../../applications/server';
import chirpstack from '../../chirpstack/server';
import devicePipeline from '../../device-pipeline/server';
import nodes from '../../nodes/server';
import { defaultMissionSettings, TimerSchedulerToken, type MissionRun, type TimerMissionSettings } from '../common';
import plugin from './index';
import { INTERRUPTED_AFTER_MS } from './scheduler';
import { timerMissionRuns } from './schema';

const APP = 'tm_app';
const RUN_APP = 'tm_run';
const VALVE_EUI = 'a84041000181c6cc';
const RUN_VALVE_EUI = 'a84041000181c6dd';

/** A complete mission: open the valve at `start` (UTC when the application's zone is UTC) every day. */
function missionBody(change: (draft: TimerMissionSettings) => void = () => {}): TimerMissionSettings {
  const draft = defaultMissionSettings('2026-01-01');
  draft.missionName = 'Open the valve';
  draft.actions = [{ actionType: 'Device', deviceName: 'valve', commandId: 'open' }];
  change(draft);
  return draft;
}
const at = (date: Date) => ({ hour: date.getUTCHours(), minute: date.getUTCMinutes(), second: date.getUTCSeconds() });

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//EN',
  'BEGIN:VEVENT',
  'UID:xmas@test',
  'DTSTAMP:20260101T000000Z',
  'DTSTART;VALUE=DATE:20261225',
  'DTEND;VALUE=DATE:20261227',
  'SUMMARY:Christmas',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:newyear@test',
  'DTSTAMP:20260101T000000Z',
  'DTSTART;VALUE=DATE:20260101',
  'RRULE:FREQ=YEARLY',
  'SUMMARY:New Year',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

describe.each(databaseBackends())('timer missions on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let device: MqttClient;
  const downlinks: { at: number; body: unknown }[] = [];
  const api = (path: string, appId = APP) => `/api/system-events-api/timer-mission-setting/${appId}/${path}`;
  const send = (method: string, path: string, body?: unknown, token = admin) => server.request(method, path, { token, body });

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline, chirpstack, plugin], mqtt: true });
    admin = (await server.login()).access_token;
    device = await connectAsync(server.mqtt!.url, {
      clientId: `valve-${randomUUID().slice(0, 8)}`,
      username: server.mqtt!.username,
      password: server.mqtt!.password,
    });
    await device.subscribeAsync(`${server.mqtt!.topicPrefix}application/+/device/+/command/down`, { qos: 1 });
    device.on('message', (_topic, payload) => downlinks.push({ at: Date.now(), body: JSON.parse(payload.toString()) }));
    for (const [id, name, eui] of [
      [APP, 'Missions', VALVE_EUI],
      [RUN_APP, 'Runs', RUN_VALVE_EUI],
    ] as const) {
      await createTestApplication(server, admin, { id, name });
      const valve = await send('POST', `/api/node-structure-item/${id}/items`, valveItemBody(eui, 'farm-1'));
      expect(valve.status, JSON.stringify(valve.body)).toBe(201);
    }
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await server?.close();
  });

  it('lists the devices with their commands', async () => {
    const devices = await send('GET', api('list-device/'));
    expect(devices.status).toBe(200);
    expect(devices.body).toEqual([
      expect.objectContaining({ itemName: 'valve', dataSource: { sensorType: '', commands: [{ id: 'open', display: 'Open' }] } }),
    ]);
  });

  it('validates, creates, updates, switches and deletes a mission', async () => {
    // An incomplete mission: the validate call's map, and create refuses it with the same map, creating nothing.
    const half = missionBody((draft) => {
      draft.missionName = ' ';
      draft.actions = [{ actionType: 'Device', deviceName: 'valve', commandId: 'explode' }];
    });
    const check = await send('POST', api('validate/new'), { timerMission: half, checkComplete: true });
    expect(check.body).toEqual({ basic: ['The mission name is required'], 'action-0': ['The device has no such command'] });
    const refused = await send('POST', api('create/'), half);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'missionName', message: 'The mission name is required', errors: check.body });
    expect((await send('POST', api('validate/new'), { timerMission: half, checkComplete: false })).body).toEqual({
      'action-0': ['The device has no such command'],
    });

    const created = await send('POST', api('create/'), missionBody());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id: string = created.body.id;
    let [listed] = (await send('GET', api('list/'))).body;
    expect(listed).toMatchObject({ id, missionName: 'Open the valve', isEnabled: true, actions: missionBody().actions });
    expect(listed.timeslots[0]).toMatchObject({ startTime: { hour: 8, minute: 0, second: 0 }, repeatOn: Array(8).fill(true) });
    expect(Date.parse(listed.nextRunAt)).toBeGreaterThan(Date.now());

    const updated = await send(
      'PUT',
      api(`update/${id}`),
      missionBody((draft) => void (draft.desc = 'Mornings')),
    );
    expect(updated.body).toEqual({ id });
    expect((await send('PUT', api(`switch/${id}`), { isEnabled: false })).body).toEqual({ id });
    [listed] = (await send('GET', api('list/'))).body;
    expect(listed).toMatchObject({ desc: 'Mornings', isEnabled: false, nextRunAt: null });

    expect((await send('DELETE', api(`delete/${id}`))).status).toBe(200);
    expect((await send('GET', api('list/'))).body).toEqual([]);
    expect((await send('PUT', api(`update/${id}`), missionBody())).status).toBe(404);
    expect((await send('DELETE', api(`delete/${id}`))).status).toBe(404);

    const { records } = await server.running.resolve(AuditLogToken).list({ limit: 50, offset: 0 });
    const actions = records.map((record) => record.action);
    expect(actions).toEqual(expect.arrayContaining([expect.stringContaining('create'), expect.stringContaining('switch')]));
  });

  it('reports old and new values to the audit trail: a mission updated, switched and deleted, the schedule settings', async () => {
    const { id } = (await send('POST', api('create/'), missionBody())).body;
    await send(
      'PUT',
      api(`update/${id}`),
      missionBody((draft) => {
        draft.missionName = 'Open the valve early';
        draft.timeslots[0]!.startTime.hour = 6;
      }),
    );
    await send('PUT', api(`switch/${id}`), { isEnabled: false });
    await send('DELETE', api(`delete/${id}`));

    const { records } = await server.running.resolve(AuditLogToken).list({ limit: 50, offset: 0 });
    const changesOf = (route: string) =>
      records.find((record) => record.target === id && record.action.includes(`/${route}/`))?.detail?.changes;
    expect(changesOf('update')).toEqual([
      { field: 'missionName', old: 'Open the valve', new: 'Open the valve early' },
      { field: 'timeslots.0.startTime.hour', old: 8, new: 6 },
    ]);
    expect(changesOf('switch')).toEqual([{ field: 'isEnabled', old: true, new: false }]);
    expect(changesOf('delete')).toEqual(
      expect.arrayContaining([
        { field: 'missionName', old: 'Open the valve early' },
        { field: 'isEnabled', old: false },
      ]),
    );
    expect(records.find((record) => record.target === id && record.action.includes('/delete/'))).toMatchObject({
      targetName: 'Open the valve early',
    });

    await send('PUT', api('schedule-settings/'), { timeZone: 'Europe/London', holidays: ['2026-05-01'] });
    const [settings] = (await server.running.resolve(AuditLogToken).list({ limit: 1, offset: 0 })).records;
    expect(settings!.detail!.changes).toEqual(expect.arrayContaining([{ field: 'holidays', old: [], new: ['2026-05-01'] }]));
  });

  it('refuses malformed input with a translated 400 naming the field', async () => {
    const bad = missionBody((draft) => void (draft.timeslots[0]!.startTime.hour = 25));
    const answer = await send('POST', api('create/'), bad, admin);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('timeslots.0.startTime.hour');
    const zh = await server.request('PUT', api('schedule-settings/'), {
      token: admin,
      body: { timeZone: 'Mars/Olympus', holidays: [] },
      headers: { 'accept-language': 'zh-HK' },
    });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ field: 'timeZone', message: '未知的時區' });
    expect((await send('GET', api('list/'))).body).toEqual([]);
  });

  it('answers 403 without schedulesetting and 404 for another tenant’s or an unknown application', async () => {
    const viewer = await server.loginAs({ username: 'tm_viewer', permissions: ['event'] });
    expect((await send('GET', api('list/'), undefined, viewer)).status).toBe(403);
    expect((await send('POST', api('create/'), missionBody(), viewer)).status).toBe(403);
    const stranger = await server.loginAs({ username: 'tm_stranger', organisationId: 'org_x', permissions: ['schedulesetting'] });
    expect((await send('GET', api('list/'), undefined, stranger)).status).toBe(404);
    expect((await send('POST', api('create/'), missionBody(), stranger)).status).toBe(404);
    expect((await send('GET', api('list/', 'no_such_app'))).status).toBe(404);
  });

  it('keeps the time zone and holidays, importing an iCalendar file', async () => {
    const saved = await send('PUT', api('schedule-settings/'), { timeZone: 'Asia/Hong_Kong', holidays: ['2026-10-01'] });
    expect(saved.body).toEqual({ timeZone: 'Asia/Hong_Kong', holidays: ['2026-10-01'] });
    const imported = await send('POST', api('schedule-settings/ics'), { ics: ICS });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.holidays).toEqual(
      expect.arrayContaining(['2026-01-01', '2026-10-01', '2026-12-25', '2026-12-26', '2027-01-01']),
    );
    expect(imported.body.holidays).not.toContain('2026-12-27');
    expect((await send('POST', api('schedule-settings/ics'), { ics: 'not a calendar' })).status).toBe(400);
    expect((await send('GET', api('schedule-settings/'))).body).toEqual(imported.body);
  });

  it('sends the command at the slot start, once, and logs the run', async () => {
    expect((await send('PUT', api('schedule-settings/', RUN_APP), { timeZone: 'UTC', holidays: [] })).status).toBe(200);
    const start = new Date(Math.ceil((Date.now() + 4_000) / 1000) * 1000);
    const created = await send(
      'POST',
      api('create/', RUN_APP),
      missionBody((draft) => (draft.timeslots[0]!.startTime = at(start))),
    );
    const id: string = created.body.id;

    await expect.poll(() => downlinks.length, { timeout: 15_000, interval: 200 }).toBe(1);
    expect(downlinks[0]!.at).toBeGreaterThanOrEqual(start.getTime() - 50);
    expect(downlinks[0]!.at).toBeLessThan(start.getTime() + 8_000);
    expect(downlinks[0]!.body).toEqual({ devEui: RUN_VALVE_EUI, confirmed: false, fPort: 3, object: { relay: 'on' } });

    await expect
      .poll(async () => (await send('GET', api(`runs/${id}`, RUN_APP))).body[0]?.status, { timeout: 5_000 })
      .toBe('sent');
    const [run] = (await send('GET', api(`runs/${id}`, RUN_APP))).body as MissionRun[];
    expect(run).toMatchObject({
      scheduledAt: start.toISOString(),
      slotIndex: 0,
      results: [{ deviceName: 'valve', commandId: 'open', outcome: 'sent' }],
    });
    const { records } = await server.running.resolve(AuditLogToken).list({ limit: 50, offset: 0 });
    expect(records.find((record) => record.action === 'timer-missions.run')).toMatchObject({
      target: id,
      type: 'device',
      outcome: 'success',
    });
    await send('PUT', api(`switch/${id}`, RUN_APP), { isEnabled: false });
  });

  it('runs a start missed by minutes late, records one missed by more as skipped, and never repeats either', async () => {
    const scheduler = server.running.resolve(TimerSchedulerToken);
    const hour = 3_600_000;
    const late = new Date(Math.floor((Date.now() + 2 * hour) / 1000) * 1000);
    const soon = new Date(late.getTime() + hour);
    const skippedId = (
      await send(
        'POST',
        api('create/', RUN_APP),
        missionBody((d) => (d.timeslots[0]!.startTime = at(late))),
      )
    ).body.id;
    const caughtId = (
      await send(
        'POST',
        api('create/', RUN_APP),
        missionBody((d) => (d.timeslots[0]!.startTime = at(soon))),
      )
    ).body.id;
    const before = downlinks.length;

    // The server "comes back" 15 minutes after one start and 30 seconds after the other.
    expect(await scheduler.tick(new Date(late.getTime() + 15 * 60_000))).toEqual({ sent: 0, failed: 0, skipped: 1 });
    expect(await scheduler.tick(new Date(soon.getTime() + 30_000))).toEqual({ sent: 1, failed: 0, skipped: 0 });
    expect(await scheduler.tick(new Date(soon.getTime() + 31_000))).toEqual({ sent: 0, failed: 0, skipped: 0 });
    await expect.poll(() => downlinks.length, { timeout: 5_000 }).toBe(before + 1);

    const skipped = (await send('GET', api(`runs/${skippedId}`, RUN_APP))).body;
    expect(skipped).toEqual([expect.objectContaining({ status: 'skipped', scheduledAt: late.toISOString(), results: [] })]);
    const caught = (await send('GET', api(`runs/${caughtId}`, RUN_APP))).body;
    expect(caught).toEqual([expect.objectContaining({ status: 'sent', scheduledAt: soon.toISOString() })]);
  });

  it('marks a run cut off between its claim and its outcome as interrupted, audits it, and never sends it again', async () => {
    // Its slot starts half a day away, so no tick below reaches a start of its own.
    const farStart = at(new Date(Date.now() + 12 * 3_600_000));
    const id = (
      await send(
        'POST',
        api('create/', RUN_APP),
        missionBody((d) => (d.timeslots[0]!.startTime = farStart)),
      )
    ).body.id;
    const scheduledAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    // What a process that died right after claiming a start leaves behind.
    await server.running
      .resolve(DatabaseToken)
      .insert(timerMissionRuns)
      .values({ missionId: id, appId: RUN_APP, scheduledAt, slotIndex: 0, status: 'sending', results: [] });
    const scheduler = server.running.resolve(TimerSchedulerToken);
    const before = downlinks.length;

    await scheduler.tick(new Date(Date.now() + INTERRUPTED_AFTER_MS - 60_000));
    expect((await send('GET', api(`runs/${id}`, RUN_APP))).body).toEqual([expect.objectContaining({ status: 'sending' })]);
    await scheduler.tick(new Date(Date.now() + INTERRUPTED_AFTER_MS + 60_000));
    expect((await send('GET', api(`runs/${id}`, RUN_APP))).body).toEqual([
      expect.objectContaining({ status: 'interrupted', scheduledAt: scheduledAt.toISOString() }),
    ]);
    const { records } = await server.running.resolve(AuditLogToken).list({ limit: 50, offset: 0 });
    expect(records.find((record) => record.action === 'timer-missions.run.interrupted')).toMatchObject({
      target: id,
      type: 'system',
      outcome: 'failure',
    });
    expect(downlinks.length).toBe(before);
    await send('PUT', api(`switch/${id}`, RUN_APP), { isEnabled: false });
  });
});
