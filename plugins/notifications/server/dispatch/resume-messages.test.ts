import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, DataSourceSinkToken, queryRows, type Database } from '@sensorium/core/server';
import type { NotificationSetting } from '@sensorium/nodes/common';
import {
  databaseBackends,
  startSmtpSink,
  startTestServer,
  type SmtpSink,
  type TestServer,
} from '../../../../host/server/testing';
import applications from '../../../applications/server';
import devicePipeline from '../../../device-pipeline/server';
import events from '../../../events/server';
import nodes from '../../../nodes/server';
import publicAlert from '../../../public-alert/server';
import users from '../../../users/server';
import { alarmPlant, until } from '../alarm-plant.fixture';
import { twilioSignature } from '../callbacks/callback-signatures';
import notifications from '../index';
import { startProviderStandIn, type ProviderStandIn } from '../providers/provider-stand-in.fixture';

const APP = 'resumes';
const TANK = '00000000000e0003';
const QUIET_TANK = '00000000000e0004';
const TOKEN = 'twilio-auth-token';
const ALICE = { sms: '+85291234567', phone: '+85298765432', email: 'alice@example.com' };

const notificationSetting: NotificationSetting = {
  smsEnabled: true,
  smsTemplate: '{{ itemName }} reads {{ currentOutputValue }}: {{ link }}',
  whatsappEnabled: false,
  emailEnabled: true,
  emailTemplate: '<p>{% if resumed %}{{ itemName }} is back: {{ status }}{% else %}{{ itemName }} is high{% endif %}</p>',
  voiceEnabled: true,
  voiceTemplate: 'Alarm on {{ itemName }}.',
  departments: ['ops'],
};

interface DeliveryFact {
  channel: string;
  usage: string;
  status: string;
}

describe.each(databaseBackends())('resume messages on %s', (backend) => {
  let server: TestServer;
  let sink: SmtpSink;
  let standIn: ProviderStandIn;
  let db: Database;
  let admin: string;
  let plant: Awaited<ReturnType<typeof alarmPlant>>;

  const deliveries = (eventId: string) =>
    queryRows<DeliveryFact & { id: string }>(
      db,
      sql`SELECT id, channel, usage, status FROM notifications_deliveries
        WHERE event_id = ${eventId}::uuid AND status <> 'skipped' ORDER BY usage, channel`,
    );
  const settled = (eventId: string, count: number) =>
    until(
      () => deliveries(eventId),
      (rows) => rows.length === count && rows.every((row) => !['queued', 'sending', 'deferred'].includes(row.status)),
    );
  const reading = (eui: string, level: number) =>
    server.running.resolve(DataSourceSinkToken).ingest([
      {
        source: 'chirpstack',
        deviceId: eui,
        receivedAt: new Date(),
        fields: { level },
        raw: {},
        dedupKey: `${eui}-${level}-${Date.now()}`,
      },
    ]);
  const clear = (eventId: string) =>
    server.request('POST', `/api/system-events-api/${APP}/events/clear`, { token: admin, body: { ids: [eventId] } });

  beforeAll(async () => {
    sink = await startSmtpSink();
    standIn = await startProviderStandIn();
    server = await startTestServer({
      backend,
      smtpUrl: sink.url,
      outboundAllow: ['127.0.0.1'],
      plugins: [applications, users, nodes, devicePipeline, events, publicAlert, notifications],
    });
    db = server.running.resolve(DatabaseToken);
    admin = (await server.login()).access_token;
    plant = await alarmPlant(server, admin, { application: { id: APP, name: 'Resume Plant', endCustomerId: 'end_default' } });
    await plant.addTank('tank', TANK, notificationSetting);
    await plant.addTank('quiet', QUIET_TANK, { ...notificationSetting, departments: ['nobody'] });
    await plant.addContact({ name: 'Alice', department: 'ops', email: ALICE.email, smsNum: ALICE.sms, phone: ALICE.phone });
    await plant.addContact({ name: 'Bob', department: 'ops', email: 'bob@example.com', unsubscribed: true });
    for (const channel of ['sms', 'voice']) {
      const provider = { channel, kind: 'twilio', baseUrl: standIn.url, accountSid: 'AC1', from: '+15005550006', secret: TOKEN };
      const answer = await server.request('PUT', '/api/notifications/providers/default', { token: admin, body: provider });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
    await standIn?.close();
  });

  it('tells the notified contacts once on each channel that the event resumed, and not again when it is cleared', async () => {
    const eventId = await plant.raise(TANK);
    await settled(eventId, 3);
    await reading(TANK, 50);
    const rows = await settled(eventId, 6);
    expect(rows.map(({ channel, usage, status }) => `${usage}/${channel}/${status}`)).toEqual([
      'created/email/sent',
      'created/sms/sent',
      'created/voice/sent',
      'resumed/email/sent',
      'resumed/sms/sent',
      'resumed/voice/sent',
    ]);

    // The SMS keeps its template and says first that the event is over; the e-mail's template uses the variables.
    const messages = standIn.sent(ALICE.sms).map((request) => request.form.get('Body'));
    expect(messages).toEqual([
      expect.stringMatching(/^tank reads 85\.00: http\S+\/public\/event\/\S+$/),
      expect.stringMatching(/^Resumed: tank reads 85\.00: http\S+\/public\/event\/\S+$/),
    ]);
    const mails = await until(
      () => Promise.resolve(sink.messages.filter((mail) => mail.to.includes(ALICE.email))),
      (found) => found.length === 2,
    );
    expect(mails.map((mail) => mail.text.split(/\r?\n/)[0])).toEqual(['tank is high', 'tank is back: resumed']);

    // The resume call speaks the resume message and asks for no key.
    const resumedCall = rows.find((row) => row.usage === 'resumed' && row.channel === 'voice')!;
    expect(standIn.sent(ALICE.phone)).toHaveLength(2);
    const path = `/api/notifications/callbacks/twilio/${resumedCall.id}/voice`;
    const twiml = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TOKEN, `${server.url}${path}`, { CallStatus: 'in-progress' }),
      },
      body: 'CallStatus=in-progress',
    });
    const spoken = await twiml.text();
    expect(spoken).toContain('<Say>Resumed: Alarm on tank.</Say>');
    expect(spoken).not.toContain('<Gather');

    // Cleared after the resume, reopened or resumed again: the contacts were already told.
    expect((await clear(eventId)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await deliveries(eventId)).toHaveLength(6);
    expect(standIn.sent(ALICE.sms)).toHaveLength(2);
  });

  it('tells of a clear when the event is cleared before it resumed', async () => {
    await reading(TANK, 10);
    const eventId = await plant.raise(TANK);
    await settled(eventId, 3);
    expect((await clear(eventId)).status).toBe(200);
    const rows = await settled(eventId, 6);
    expect(rows.filter((row) => row.usage === 'cleared').map((row) => row.channel)).toEqual(['email', 'sms', 'voice']);
    expect(standIn.sent(ALICE.sms).at(-1)!.form.get('Body')).toMatch(/^Cleared: tank reads 85\.00: /);
    const history = await server.request<{ rows: { usage: string }[] }>(
      'GET',
      `/api/notifications/${APP}/history?eventId=${eventId}&channel=sms&status=sent`,
      { token: admin },
    );
    expect(history.body.rows.map((row) => row.usage).sort()).toEqual(['cleared', 'created']);
  });

  it('sends no resume message for an event that told nobody', async () => {
    const eventId = await plant.raise(QUIET_TANK);
    await reading(QUIET_TANK, 50);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await deliveries(eventId)).toEqual([]);
  });
});
