import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, LoggerToken, OutboundRequestsToken, queryRows, type Database } from '@sensorium/core/server';
import { ApplicationAccessToken, ApplicationBrandingToken } from '@sensorium/applications/common';
import { EventStoreToken, type EventRecord } from '@sensorium/events/common';
import type { NotificationSetting } from '@sensorium/nodes/common';
import { PublicLinksToken } from '@sensorium/public-alert/common';
import { databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import devicePipeline from '../../../device-pipeline/server';
import events from '../../../events/server';
import nodes from '../../../nodes/server';
import publicAlert from '../../../public-alert/server';
import users from '../../../users/server';
import type { NotificationHistoryPage } from '../../common';
import { alarmPlant } from '../alarm-plant.fixture';
import { contactDirectory } from '../contacts/contact-directory';
import { ChannelSenders } from '../dispatch/channel-sender';
import { deliverWorker, type DeliveryStage } from '../dispatch/deliver-worker';
import { notificationRequest } from '../dispatch/notification-request';
import { roundsRows } from '../dispatch/plan-deliveries';
import { notificationsDeliveries as deliveries } from '../dispatch/schema';
import notifications from '../index';
import { providerSenders } from './provider-senders';
import { startProviderStandIn, type ProviderStandIn } from './provider-stand-in.fixture';
import { ProviderStore } from './provider-store';

const APP = 'outcomes';
const TANK = '00000000000e0005';
const SMS = '+85291230001';
const PHONE = '+85298760001';

const notificationSetting: NotificationSetting = {
  smsEnabled: true,
  smsTemplate: '{{ itemName }} reads {{ currentOutputValue }}: {{ link }}',
  whatsappEnabled: false,
  emailEnabled: false,
  emailTemplate: '',
  voiceEnabled: true,
  voiceTemplate: 'Alarm on {{ itemName }}.',
  departments: [],
};

describe.each(databaseBackends())('SMS and voice tries that die after their claim on %s', (backend) => {
  let server: TestServer;
  let standIn: ProviderStandIn;
  let db: Database;
  let admin: string;
  let event: EventRecord;
  /** Where the next try dies (as a killed server would: its row stays `sending`, its job runs again). */
  let dieAt: DeliveryStage | null = null;
  let deliver: ReturnType<typeof deliverWorker>;
  let round = 0;

  const status = async (id: string) =>
    (
      await db
        .select({ status: deliveries.status, providerId: deliveries.providerId })
        .from(deliveries)
        .where(eq(deliveries.id, id))
    )[0]!;
  /** Plans the contact's rows for the event without their jobs: the test runs each try itself. */
  const planned = async (channel: 'sms' | 'voice') => {
    const [contact] = await contactDirectory(db).recipients(APP, { departments: [] });
    const rows = await roundsRows(server.running.resolve(PublicLinksToken), db, [
      {
        event,
        request: { ...notificationRequest(event.actions)!, channels: [channel] },
        recipients: [contact!],
        // A round of its own each time, so that the unique key lets the contact have another row on the channel.
        escalationLevel: (round += 1),
      },
    ]);
    const [row] = await db.insert(deliveries).values(rows).returning({ id: deliveries.id });
    return row!.id;
  };
  /** The job's two runs: the first dies at `stage`, the second finds the row `sending`. */
  const dieThenRetry = async (id: string, stage: DeliveryStage) => {
    dieAt = stage;
    await expect(deliver({ id: 'first', data: { deliveryId: id }, retryCount: 0 })).rejects.toThrow('the server died');
    expect((await status(id)).status).toBe('sending');
    await deliver({ id: 'again', data: { deliveryId: id }, retryCount: 1 });
    return status(id);
  };
  const useProvider = async (provider: Record<string, unknown>) => {
    const answer = await server.request('PUT', '/api/notifications/providers/default', { token: admin, body: provider });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  const twilio = (channel: string) => ({
    channel,
    kind: 'twilio',
    baseUrl: standIn.url,
    accountSid: 'AC1',
    from: '+15005550006',
    secret: 'twilio-auth-token',
  });

  beforeAll(async () => {
    standIn = await startProviderStandIn();
    server = await startTestServer({
      backend,
      outboundAllow: ['127.0.0.1'],
      plugins: [applications, users, nodes, devicePipeline, events, publicAlert, notifications],
    });
    db = server.running.resolve(DatabaseToken);
    admin = (await server.login()).access_token;
    const plant = await alarmPlant(server, admin, { application: { id: APP, name: 'Outcomes', endCustomerId: 'end_default' } });
    await plant.addTank('tank', TANK, notificationSetting);
    event = (await server.running.resolve(EventStoreToken).get(APP, await plant.raise(TANK)))!;
    // Added after the event was raised: only the rows this test plans reach the contact.
    await plant.addContact({ name: 'Alice', smsNum: SMS, phone: PHONE, whatsappEnable: false });
    for (const channel of ['sms', 'voice']) await useProvider(twilio(channel));
    deliver = deliverWorker({
      db,
      senders: new ChannelSenders(
        providerSenders({
          store: new ProviderStore(db),
          outbound: server.running.resolve(OutboundRequestsToken),
          access: server.running.resolve(ApplicationAccessToken),
          publicUrl: () => server.url,
        }),
      ),
      events: server.running.resolve(EventStoreToken),
      branding: server.running.resolve(ApplicationBrandingToken),
      changed: () => undefined,
      log: server.running.resolve(LoggerToken),
      checkpoint: (stage) => {
        if (stage !== dieAt) return;
        dieAt = null;
        throw new Error('the server died');
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  it('finds an SMS the provider accepted before the try died, and does not send it again', async () => {
    const id = await planned('sms');
    const row = await dieThenRetry(id, 'sent');
    const sent = standIn.sent(SMS);
    expect(sent).toHaveLength(1);
    expect(row).toEqual({ status: 'sent', providerId: `SM${standIn.received.indexOf(sent[0]!) + 1}` });
    const asked = standIn.received.find((request) => request.method === 'GET')!;
    expect(asked.path).toMatch(/\/Messages\.json\?To=%2B85291230001&DateSent%3E=\d{4}-\d{2}-\d{2}$/);
    // The event's history has the message once.
    const notified = (await server.running.resolve(EventStoreToken).history(event.id)).filter(
      (entry) => entry.kind === 'notified',
    );
    expect(notified.filter((entry) => entry.detail.deliveryId === id)).toHaveLength(1);
  });

  it('sends a message the provider never got (the try died before the call), once', async () => {
    const id = await planned('sms');
    const before = standIn.sent(SMS).length;
    expect(await dieThenRetry(id, 'claimed')).toMatchObject({ status: 'sent' });
    expect(standIn.sent(SMS)).toHaveLength(before + 1);
  });

  it('finds a call placed before the try died, and does not call again', async () => {
    const id = await planned('voice');
    expect(await dieThenRetry(id, 'sent')).toMatchObject({ status: 'sent', providerId: expect.stringMatching(/^CA/) });
    expect(standIn.sent(PHONE)).toHaveLength(1);
    expect(standIn.received.some((request) => request.method === 'GET' && request.path.includes('/Calls.json?'))).toBe(true);
  });

  it('marks a generic gateway’s interrupted send Unknown and does not send it again', async () => {
    await useProvider({
      channel: 'sms',
      kind: 'http',
      url: `${standIn.url}/gateway/send`,
      method: 'POST',
      headers: '',
      body: '{"to": "{{ to }}", "text": "{{ message }}"}',
      messageIdPath: 'data.id',
      secret: 'gateway-secret',
    });
    const id = await planned('sms');
    expect(await dieThenRetry(id, 'sent')).toMatchObject({ status: 'unknown' });
    expect(standIn.received.filter((request) => request.path.startsWith('/gateway'))).toHaveLength(1);
    const history = await server.request<NotificationHistoryPage>('GET', `/api/notifications/${APP}/history?status=unknown`, {
      token: admin,
    });
    expect(history.body.rows.map((row) => ({ id: row.id, status: row.status }))).toEqual([{ id, status: 'unknown' }]);
    const [counted] = await queryRows<{ rows: number }>(
      db,
      sql`SELECT count(*)::int AS rows FROM notifications_deliveries WHERE status = 'sending'`,
    );
    expect(counted!.rows).toBe(0);
  });
});
