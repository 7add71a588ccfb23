import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DatabaseToken,
  DataSourceSinkToken,
  queryRows,
  type Database,
  type DataSourceSink,
  type Uplink,
} from '@sensorium/core/server';
import { RULE_RANGE_INDEX_BASE } from '@sensorium/device-pipeline/common';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import notifications from '../../notifications/server';
import publicAlert from '../../public-alert/server';
import type { EventRule, EventRuleSettings, RuleConditions } from '../common';
import plugin from './index';
import { RESUMED } from './rule-evaluator';
import { ruleBody } from './test-rules';

const APP = 'rules_eval';

interface RuleEventRow {
  rule_id: string;
  item_name: string;
  field: string;
  severity: number;
  value: string;
  range_name: string;
  resume_status: string | null;
  is_cleared: boolean;
  actions: Record<string, unknown>;
}

describe.each(databaseBackends())('event-setting rules in the ingest on %s', (backend) => {
  let server: TestServer;
  let admin: string;
  let db: Database;
  let sink: DataSourceSink;
  let counter = 0;

  const uplink = (device: string, fields: Record<string, unknown>, receivedAt?: Date): Uplink => ({
    source: 'api',
    deviceId: device,
    applicationId: APP,
    dedupKey: `rule-${++counter}`,
    // Without a given time, the (possibly fake) clock's now.
    receivedAt: receivedAt ?? new Date(),
    fields,
  });
  const addDevice = async (itemName: string, tags: string[] = [], sensorType = 'thermometer') => {
    const response = await server.request('POST', `/api/node-structure-item/${APP}/items`, {
      token: admin,
      body: {
        newItem: { itemType: 'item', itemName, dataSource: { type: 'api', sensorType }, geoInfo: { tags } },
        parentName: 'root',
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  };
  const addRule = async (conditions: Partial<RuleConditions>, settings: Partial<EventRuleSettings> = {}) => {
    const response = await server.request<EventRule>('POST', `/api/system-events-api/${APP}/event-settings`, {
      token: admin,
      body: ruleBody(conditions, settings),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  /** The rule events of a field, oldest first. */
  const ruleEvents = (field: string) =>
    queryRows<RuleEventRow>(
      db,
      sql`SELECT rule_id, item_name, field, severity, value, range_name, resume_status, is_cleared, actions FROM node_events
          WHERE field = ${field} AND range_index <= ${RULE_RANGE_INDEX_BASE} ORDER BY generated_at, item_name`,
    );
  const seconds = (base: Date, offset: number) => new Date(base.getTime() + offset * 1000);

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      plugins: [applications, nodes, devicePipeline, events, publicAlert, notifications, plugin],
    });
    admin = (await server.login()).access_token;
    db = server.running.container.resolve(DatabaseToken);
    sink = server.running.resolve(DataSourceSinkToken);
    const created = await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: APP, name: 'Rules', description: '', endCustomerId: 'end_default' },
    });
    expect(created.status).toBe(201);
    await addDevice('fridge-1', ['kitchen']);
    await addDevice('fridge-2', ['kitchen']);
    await addDevice('meter-1', ['plant'], 'power-meter');
  });
  afterAll(() => server?.close());
  afterEach(() => vi.useRealTimers());

  it('opens a 30 s duration event only after 30 s in range, under a fake clock', async () => {
    const rule = await addRule({ field: 'heat', durationSeconds: 30 }, { name: 'Hot for 30 s' });
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date(Date.now() - 600_000);
    vi.setSystemTime(start);
    await sink.ingest([uplink('fridge-1', { heat: 35 })]);
    vi.setSystemTime(seconds(start, 20));
    await sink.ingest([uplink('fridge-1', { heat: 36 })]);
    vi.setSystemTime(seconds(start, 29.9));
    await sink.ingest([uplink('fridge-1', { heat: 37 })]);
    expect(await ruleEvents('heat')).toEqual([]);

    vi.setSystemTime(seconds(start, 30));
    await sink.ingest([uplink('fridge-1', { heat: 38 })]);
    const [event, ...more] = await ruleEvents('heat');
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      rule_id: rule.id,
      item_name: 'fridge-1',
      severity: 4,
      value: '38.00',
      range_name: 'Hot for 30 s',
      is_cleared: false,
    });
    // The rule's actions travel with the event, in the range shapes the notification and webhook plugins read.
    expect(Object.keys(event!.actions).sort()).toEqual(['notification', 'task', 'webhook']);
  });

  it('does not open the event when the value leaves the range before the duration is over', async () => {
    await addRule({ field: 'chill', durationSeconds: 30 });
    const start = new Date(Date.now() - 600_000);
    await sink.ingest([uplink('fridge-2', { chill: 35 }, start)]);
    await sink.ingest([uplink('fridge-2', { chill: 20 }, seconds(start, 25))]);
    await sink.ingest([uplink('fridge-2', { chill: 35 }, seconds(start, 30))]);
    await sink.ingest([uplink('fridge-2', { chill: 36 }, seconds(start, 45))]);
    expect(await ruleEvents('chill')).toEqual([]);
    // 30 s after it came back into the range.
    await sink.ingest([uplink('fridge-2', { chill: 37 }, seconds(start, 60))]);
    expect(await ruleEvents('chill')).toEqual([expect.objectContaining({ item_name: 'fridge-2', value: '37.00' })]);
  });

  it('resumes only beyond the hysteresis, and clears with auto clear', async () => {
    await addRule({ field: 'steam', hysteresis: 2 }, { autoClear: true });
    const start = new Date(Date.now() - 500_000);
    await sink.ingest([uplink('fridge-1', { steam: 35 }, start)]);
    await sink.ingest([uplink('fridge-1', { steam: 29 }, seconds(start, 1))]);
    expect(await ruleEvents('steam')).toEqual([expect.objectContaining({ resume_status: null, is_cleared: false })]);
    await sink.ingest([uplink('fridge-1', { steam: 28 }, seconds(start, 2))]);
    expect(await ruleEvents('steam')).toEqual([expect.objectContaining({ resume_status: RESUMED, is_cleared: true })]);
  });

  it('reaches each rule once per uplink, two uplinks of one batch in order', async () => {
    await addRule({ field: 'boil' });
    const start = new Date(Date.now() - 400_000);
    expect(
      await sink.ingest([uplink('fridge-1', { boil: 35 }, start), uplink('fridge-1', { boil: 36 }, seconds(start, 1))]),
    ).toMatchObject({
      stored: 2,
    });
    expect(await ruleEvents('boil')).toEqual([expect.objectContaining({ value: '35.00', resume_status: null })]);

    await addRule({ field: 'fizz' });
    await sink.ingest([uplink('fridge-1', { fizz: 35 }, start), uplink('fridge-1', { fizz: 20 }, seconds(start, 1))]);
    expect(await ruleEvents('fizz')).toEqual([expect.objectContaining({ value: '35.00', resume_status: RESUMED })]);
  });

  it('watches only the chosen devices, one event per device, and none outside its time slots', async () => {
    await addRule({ field: 'watts', allDevices: false, deviceTypes: ['thermometer'], tags: ['kitchen'] });
    const start = new Date(Date.now() - 300_000);
    await sink.ingest([
      uplink('fridge-1', { watts: 50 }, start),
      uplink('fridge-2', { watts: 50 }, start),
      uplink('meter-1', { watts: 50 }, start),
    ]);
    expect((await ruleEvents('watts')).map((event) => event.item_name)).toEqual(['fridge-1', 'fridge-2']);

    const never = { always: true, beginOn: null, until: null, allDay: true, startTime: '00:00:00', endTime: '23:59:59' };
    await addRule({ field: 'volts' }, { timeSlots: [{ ...never, weekdays: [false, false, false, false, false, false, false] }] });
    await sink.ingest([uplink('fridge-1', { volts: 50 }, start)]);
    expect(await ruleEvents('volts')).toEqual([]);
  });

  it('creates and clears an instant-clear event at once, and raises the next one only after a resume', async () => {
    await addRule({ field: 'spark' }, { instantClear: true });
    const start = new Date(Date.now() - 200_000);
    await sink.ingest([uplink('fridge-1', { spark: 40 }, start)]);
    await sink.ingest([uplink('fridge-1', { spark: 41 }, seconds(start, 1))]);
    expect(await ruleEvents('spark')).toEqual([expect.objectContaining({ value: '40.00', is_cleared: true })]);
    await sink.ingest([
      uplink('fridge-1', { spark: 10 }, seconds(start, 2)),
      uplink('fridge-1', { spark: 42 }, seconds(start, 3)),
    ]);
    expect((await ruleEvents('spark')).map((event) => event.value)).toEqual(['40.00', '42.00']);
  });

  it('keeps one event for a rule that does not require the same device, resumed by any of its devices', async () => {
    await addRule({ field: 'smoke', requireSameDevice: false });
    const start = new Date(Date.now() - 100_000);
    // One at a time: the two devices' uplinks would go to parallel write lanes in one call.
    await sink.ingest([uplink('fridge-1', { smoke: 40 }, start)]);
    await sink.ingest([uplink('fridge-2', { smoke: 45 }, seconds(start, 1))]);
    expect(await ruleEvents('smoke')).toEqual([expect.objectContaining({ item_name: 'fridge-1', resume_status: null })]);
    await sink.ingest([uplink('fridge-2', { smoke: 5 }, seconds(start, 2))]);
    expect(await ruleEvents('smoke')).toEqual([expect.objectContaining({ item_name: 'fridge-1', resume_status: RESUMED })]);
  });
});
