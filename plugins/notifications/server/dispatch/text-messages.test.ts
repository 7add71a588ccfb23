import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApplication, databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import devicePipeline from '../../../device-pipeline/server';
import events from '../../../events/server';
import nodes from '../../../nodes/server';
import publicAlert from '../../../public-alert/server';
import {
  DEFAULT_RATE_LIMIT,
  TextMessageError,
  TextMessagesToken,
  type NotificationDelivery,
  type NotificationHistoryPage,
  type TextMessages,
} from '../../common';
import { until } from '../alarm-plant.fixture';
import notifications from '../index';
import { startProviderStandIn, type ProviderStandIn } from '../providers/provider-stand-in.fixture';

const APP = 'direct_sms';
const SID = 'AC0000000001';

describe.each(databaseBackends())('direct text messages on %s', (backend) => {
  let server: TestServer;
  let standIn: ProviderStandIn;
  let admin: string;
  let messages: TextMessages;

  const history = async (): Promise<NotificationDelivery[]> => {
    const answer = await server.request<NotificationHistoryPage>('GET', `/api/notifications/${APP}/history?size=100`, {
      token: admin,
    });
    expect(answer.status).toBe(200);
    return answer.body.rows;
  };
  /** The history row of a delivery once its deliver job is done with it. */
  const settled = async (deliveryId: string) =>
    (
      await until(history, (rows) => rows.some((row) => row.id === deliveryId && !['queued', 'sending'].includes(row.status)))
    ).find((row) => row.id === deliveryId)!;
  const addContact = async (contact: Record<string, unknown>) => {
    const answer = await server.request('POST', `/api/notifications/${APP}/contacts`, { token: admin, body: contact });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { id: string };
  };
  const send = (to: { number: string } | { contactId: string }, text: string) =>
    messages.send({ appId: APP, to, text, reference: 'Tank 4', itemUuid: null });

  beforeAll(async () => {
    standIn = await startProviderStandIn();
    server = await startTestServer({
      backend,
      outboundAllow: ['127.0.0.1'],
      plugins: [applications, nodes, devicePipeline, events, publicAlert, notifications],
    });
    admin = (await server.login()).access_token;
    await createTestApplication(server, admin, { id: APP, name: 'Direct' });
    const provider = { channel: 'sms', kind: 'twilio', baseUrl: standIn.url, accountSid: SID, from: '+15005550006', secret: 'x' };
    const saved = await server.request('PUT', '/api/notifications/providers/default', { token: admin, body: provider });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    messages = server.running.resolve(TextMessagesToken);
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  it('sends a number’s message through the SMS provider, as it is, and lists it in the history', async () => {
    const outcome = await send({ number: '+85261110001' }, 'Tank 4 {{ level }} at 92 %');
    expect(outcome).toMatchObject({ status: 'queued', reason: null });
    const row = await settled(outcome.deliveryId);
    expect(row).toMatchObject({
      eventId: null,
      channel: 'sms',
      usage: 'direct',
      service: 'twilio',
      status: 'sent',
      reference: 'Tank 4',
      name: '',
      contact: '+85261110001',
    });
    const sent = standIn.sent('+85261110001');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(sent[0]!.form.get('Body')).toBe('Tank 4 {{ level }} at 92 %');
  });

  it('sends to a contact as that contact, and never to one who unsubscribed or turned SMS off', async () => {
    const ada = await addContact({ name: 'Ada', smsNum: '+85261110002' });
    const sent = await settled((await send({ contactId: ada.id }, 'For Ada')).deliveryId);
    expect(sent).toMatchObject({ name: 'Ada', contact: '+85261110002', status: 'sent' });

    // By number too: the number is the contact's, and the contact's choice holds.
    await addContact({ name: 'Bo', smsNum: '+85261110003', unsubscribed: true });
    await addContact({ name: 'Cy', smsNum: '+85261110004', smsEnable: false });
    const bo = await send({ number: '+85261110003' }, 'For Bo');
    const cy = await send({ number: '+85261110004' }, 'For Cy');
    expect([bo, cy].map(({ status, reason }) => ({ status, reason }))).toEqual([
      { status: 'skipped', reason: 'unsubscribed' },
      { status: 'skipped', reason: 'channelOff' },
    ]);
    const rows = await history();
    expect(rows.find((row) => row.id === bo.deliveryId)).toMatchObject({ name: 'Bo', status: 'skipped', error: 'unsubscribed' });
    expect(standIn.sent('+85261110003')).toHaveLength(0);
    expect(standIn.sent('+85261110004')).toHaveLength(0);
  });

  it('holds a number’s messages over the rate limit back as deferred', async () => {
    const number = '+85261110005';
    const outcomes = [];
    for (let n = 0; n <= DEFAULT_RATE_LIMIT.maxSent; n += 1) outcomes.push(await send({ number }, `Message ${n}`));
    const rows = await until(history, (all) => {
      const mine = all.filter((row) => row.contact === number);
      return mine.length === outcomes.length && mine.every((row) => !['queued', 'sending'].includes(row.status));
    });
    const statuses = rows.filter((row) => row.contact === number).map((row) => row.status);
    expect(statuses.filter((status) => status === 'sent')).toHaveLength(DEFAULT_RATE_LIMIT.maxSent);
    expect(statuses.filter((status) => status === 'deferred')).toHaveLength(1);
    expect(standIn.sent(number)).toHaveLength(DEFAULT_RATE_LIMIT.maxSent);
  });

  it('refuses a number that is not E.164, an empty text and a contact of no such application', async () => {
    await expect(send({ number: '91234567' }, 'x')).rejects.toThrow(TextMessageError);
    await expect(send({ number: '+85261110006' }, '  ')).rejects.toThrow(TextMessageError);
    await expect(send({ number: '+85261110006' }, 'x'.repeat(481))).rejects.toThrow(TextMessageError);
    await expect(send({ contactId: '00000000-0000-4000-8000-000000000000' }, 'x')).rejects.toThrow(/no contact/);
    expect(standIn.sent('+85261110006')).toHaveLength(0);
  });
});
