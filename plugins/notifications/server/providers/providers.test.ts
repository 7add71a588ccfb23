import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, OrganisationDirectoryToken, queryRows, type Database } from '@sensorium/core/server';
import { EventStoreToken, type EventRecord } from '@sensorium/events/common';
import type { NotificationSetting } from '@sensorium/nodes/common';
import { databaseBackends, startTestServer, type TestServer } from '../../../../host/server/testing';
import applications from '../../../applications/server';
import devicePipeline from '../../../device-pipeline/server';
import events from '../../../events/server';
import nodes from '../../../nodes/server';
import publicAlert from '../../../public-alert/server';
import users from '../../../users/server';
import type { ProvidersAnswer } from '../../common';
import { alarmPlant, until } from '../alarm-plant.fixture';
import { deliverySignature, twilioSignature } from '../callbacks/callback-signatures';
import notifications from '../index';
import { startProviderStandIn, UNREACHABLE, type ProviderStandIn } from './provider-stand-in.fixture';

const APP = 'calls';
const TANK = '00000000000e0002';
const TOKEN = 'twilio-auth-token';
const SID = 'AC0123456789';
const notificationSetting: NotificationSetting = {
  smsEnabled: true,
  smsTemplate: '{{ itemName }} reads {{ currentOutputValue }}{{ unit }}: {{ link }}',
  whatsappEnabled: true,
  emailEnabled: false,
  emailTemplate: '',
  voiceEnabled: true,
  voiceTemplate: 'Alarm on {{ itemName }}, level {{ currentOutputValue }}.',
  departments: [],
};

interface DeliveryRowText {
  id: string;
  channel: string;
  status: string;
  service: string;
  provider_id: string | null;
  error: string | null;
}

describe.each(databaseBackends())('SMS, WhatsApp and voice through providers on %s', (backend) => {
  let server: TestServer;
  let standIn: ProviderStandIn;
  let db: Database;
  let admin: string;
  let event: EventRecord;
  let plant: Awaited<ReturnType<typeof alarmPlant>>;
  let organisationId: string;
  /** An si-customer of the application's organisation, allowed its settings. */
  let customer: string;

  /** The contact's deliveries on the channels it takes (its skipped ones left out). */
  const deliveriesOf = (name: string) =>
    queryRows<DeliveryRowText>(
      db,
      sql`SELECT id, channel, status, service, provider_id, error FROM notifications_deliveries
        WHERE contact_name = ${name} AND status <> 'skipped' ORDER BY channel`,
    );
  /** Waits until none of the contact's deliveries is still to be sent. */
  const settled = (name: string) =>
    until(
      () => deliveriesOf(name),
      (rows) => rows.length > 0 && rows.every((row) => !['queued', 'sending'].includes(row.status)),
    );
  const call = async (method: string, path: string, body: unknown, status: number, token = admin) => {
    const answer = await server.request(method, path, { token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    return answer.body;
  };
  /** Adds a contact and plans the event's notifications again: the new contact gets their own deliveries. */
  const notify = async (contact: Record<string, unknown>) => {
    await plant.addContact(contact);
    await db.transaction((tx) => plant.planCreated(tx, event));
    return settled(contact.name as string);
  };
  /** A provider's callback as Twilio makes it: form-encoded, signed over the URL and the sorted parameters. */
  const twilioCallback = (path: string, parameters: Record<string, string>, token = TOKEN) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(token, `${server.url}${path}`, parameters),
      },
      body: new URLSearchParams(parameters).toString(),
    });
  const callbacks = (deliveryId: string) => `/api/notifications/callbacks/twilio/${deliveryId}`;
  const twilioProvider = (channel: string) => ({
    channel,
    kind: 'twilio',
    baseUrl: standIn.url,
    accountSid: SID,
    from: '+15005550006',
    secret: TOKEN,
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
    // The application belongs to an organisation (through its end customer), whose settings choose its providers.
    const directory = server.running.resolve(OrganisationDirectoryToken);
    organisationId = (await directory.create({ name: 'Pump Co', size: '', role: '', endCustomerId: null })).id;
    customer = await server.loginAs({
      username: 'integrator',
      level: 'si-customer',
      organisationId,
      permissions: ['setting', 'useredit'],
    });
    const site = (await call('POST', '/api/customer/end-customer/', { name: 'Pump site' }, 201, customer)) as { id: string };
    plant = await alarmPlant(server, admin, { application: { id: APP, name: 'Pump House', endCustomerId: site.id } });
    await plant.addTank('tank', TANK, notificationSetting);
    // The operator's default providers carry every organisation's messages and calls.
    for (const channel of ['sms', 'whatsapp', 'voice']) {
      await call('PUT', '/api/notifications/providers/default', twilioProvider(channel), 200);
    }
    event = (await server.running.resolve(EventStoreToken).get(APP, await plant.raise(TANK)))!;
    // Raised before any contact existed: every test adds its contact and plans the event again.
  });

  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  it('sends an SMS with the variables filled and a WhatsApp message with whatsapp: on both numbers', async () => {
    const rows = await notify({ name: 'Alice', smsNum: '+85291234567', whatsappEnable: true, phone: '' });
    expect(rows.map(({ channel, status, service }) => ({ channel, status, service }))).toEqual([
      { channel: 'sms', status: 'sent', service: 'twilio' },
      { channel: 'whatsapp', status: 'sent', service: 'twilio' },
    ]);
    const messages = standIn.received.filter((request) => request.form.get('To')?.endsWith('+85291234567'));
    expect(messages.map((request) => request.path)).toEqual([
      `/2010-04-01/Accounts/${SID}/Messages.json`,
      `/2010-04-01/Accounts/${SID}/Messages.json`,
    ]);
    const sms = messages.find((request) => request.form.get('To') === '+85291234567')!;
    expect(sms.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(sms.form.get('From')).toBe('+15005550006');
    expect(sms.form.get('Body')).toMatch(new RegExp(`^tank reads 85\\.00: ${server.url}/public/event/\\S+$`));
    expect(sms.form.get('StatusCallback')).toBe(`${server.url}${callbacks(rows[0]!.id)}/status`);
    const whatsapp = messages.find((request) => request.form.get('To') === 'whatsapp:+85291234567')!;
    expect(whatsapp.form.get('From')).toBe('whatsapp:+15005550006');
    expect(whatsapp.form.get('Body')).toBe(sms.form.get('Body'));
    // The provider's message ids, for its status callbacks.
    expect(rows.map((row) => row.provider_id)).toEqual([expect.stringMatching(/^SM/), expect.stringMatching(/^SM/)]);
  });

  it('follows the provider’s status callbacks: delivered, undelivered with its error code, and never back', async () => {
    const [sms, whatsapp] = await deliveriesOf('Alice');
    const status = (id: string, parameters: Record<string, string>) => twilioCallback(`${callbacks(id)}/status`, parameters);
    expect((await status(sms!.id, { MessageSid: sms!.provider_id!, MessageStatus: 'delivered' })).status).toBe(204);
    expect((await status(whatsapp!.id, { MessageStatus: 'undelivered', ErrorCode: '63016' })).status).toBe(204);
    // A late "sent" does not undo the delivery.
    expect((await status(sms!.id, { MessageStatus: 'sent' })).status).toBe(204);
    const rows = await deliveriesOf('Alice');
    expect(rows.map(({ channel, status, error }) => ({ channel, status, error }))).toEqual([
      { channel: 'sms', status: 'delivered', error: null },
      { channel: 'whatsapp', status: 'failed', error: 'undelivered (63016)' },
    ]);
    const history = await call('GET', `/api/notifications/${APP}/history?channel=sms`, undefined, 200);
    expect(history).toMatchObject({ rows: [{ name: 'Alice', service: 'twilio', status: 'delivered' }] });
  });

  it('answers 403 to a forged signature and 404 for an unknown delivery, changing nothing', async () => {
    const [sms] = await deliveriesOf('Alice');
    const forged = await twilioCallback(`${callbacks(sms!.id)}/status`, { MessageStatus: 'failed' }, 'not-the-token');
    expect(forged.status).toBe(403);
    const unsigned = await fetch(`${server.url}${callbacks(sms!.id)}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'MessageStatus=failed',
    });
    expect(unsigned.status).toBe(403);
    expect((await twilioCallback(`${callbacks('00000000-0000-4000-8000-000000000000')}/status`, {})).status).toBe(404);
    expect((await twilioCallback(`${callbacks('not-a-delivery')}/voice`, {})).status).toBe(404);
    expect((await deliveriesOf('Alice'))[0]!.status).toBe('delivered');
  });

  it('fails a delivery the provider refuses (4xx) with its answer, without retrying', async () => {
    const [sms] = await notify({ name: 'Hank', smsNum: UNREACHABLE, whatsappEnable: false });
    expect(sms).toMatchObject({ status: 'failed', error: expect.stringContaining('the provider answered 400') });
    expect(standIn.received.filter((request) => request.form.get('To') === UNREACHABLE)).toHaveLength(1);
  });

  it('calls with TwiML that gathers a key, and pressing 1 acknowledges the event as the contact', async () => {
    const rows = await notify({
      name: 'Victor',
      phone: '+85298765432',
      voiceEnable: true,
      smsEnable: false,
      whatsappEnable: false,
    });
    const voice = rows.find((row) => row.channel === 'voice')!;
    expect(voice).toMatchObject({ status: 'sent', provider_id: expect.stringMatching(/^CA/) });
    const placed = standIn.received.find((request) => request.form.get('To') === '+85298765432')!;
    expect(placed.path).toBe(`/2010-04-01/Accounts/${SID}/Calls.json`);
    expect(placed.form.get('Url')).toBe(`${server.url}${callbacks(voice.id)}/voice`);
    expect(placed.form.get('Timeout')).toBe('30');
    expect(placed.form.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);

    const twiml = await twilioCallback(`${callbacks(voice.id)}/voice`, {
      CallSid: voice.provider_id!,
      CallStatus: 'in-progress',
    });
    expect(twiml.headers.get('content-type')).toContain('text/xml');
    const spoken = await twiml.text();
    expect(spoken).toContain(`<Gather numDigits="1" action="${server.url}${callbacks(voice.id)}/gather"`);
    expect(spoken).toContain('Alarm on tank, level 85.00. Press 1 to acknowledge this alarm.');
    expect(spoken).not.toContain('/public/event/');

    const gather = (digits: string) =>
      twilioCallback(`${callbacks(voice.id)}/gather`, { CallSid: voice.provider_id!, Digits: digits });
    // Another key asks again and acknowledges nothing.
    expect(await (await gather('7')).text()).toContain('<Gather');
    expect((await server.running.resolve(EventStoreToken).get(APP, event.id))!.isAcknowledged).toBe(false);
    const acknowledged = await (await gather('1')).text();
    expect(acknowledged).toContain('<Say>The alarm is acknowledged. Thank you.</Say>');
    const store = server.running.resolve(EventStoreToken);
    expect(await store.get(APP, event.id)).toMatchObject({ isAcknowledged: true, acknowledgedBy: 'Victor' });
    const steps = (await store.history(event.id)).filter((entry) => entry.kind === 'acknowledged');
    expect(steps).toEqual([expect.objectContaining({ actor: expect.objectContaining({ kind: 'contact', label: 'Victor' }) })]);

    expect((await twilioCallback(`${callbacks(voice.id)}/status`, { CallStatus: 'completed' })).status).toBe(204);
    expect((await deliveriesOf('Victor'))[0]!.status).toBe('delivered');
  });

  it('sends through a generic HTTP gateway with templates and takes its signed callbacks', async () => {
    await call(
      'PUT',
      `/api/notifications/providers?organisationId=${organisationId}`,
      {
        channel: 'sms',
        kind: 'http',
        url: `${standIn.url}/gateway/send?to={{ to }}`,
        method: 'POST',
        headers: 'Authorization: Bearer {{ secret }}\nX-Item: {{ itemName }}',
        body: '{"to": "{{ to }}", "text": "{{ message }}", "callback": "{{ callbackUrl }}"}',
        messageIdPath: 'data.id',
        secret: 'gateway-secret',
      },
      200,
    );
    const [sms] = await notify({ name: 'Grace', smsNum: '+85291110000', whatsappEnable: false });
    expect(sms).toMatchObject({ status: 'sent', service: 'http', provider_id: expect.stringMatching(/^gw-/) });
    const sent = standIn.received.find((request) => request.path.startsWith('/gateway'))!;
    expect(sent.path).toBe('/gateway/send?to=%2B85291110000');
    expect(sent.headers.authorization).toBe('Bearer gateway-secret');
    expect(sent.headers['x-item']).toBe('tank');
    expect(sent.headers['content-type']).toBe('application/json');
    const body = JSON.parse(sent.body) as { to: string; text: string; callback: string };
    expect(body.to).toBe('+85291110000');
    expect(body.text).toMatch(/^tank reads 85\.00: http/);
    const signed = `${server.url}/api/notifications/callbacks/http/${sms!.id}?sig=${deliverySignature('gateway-secret', sms!.id)}`;
    expect(body.callback).toBe(signed);

    const report = (url: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"status":"delivered"}' });
    expect((await report(signed.replace(/sig=.*/, 'sig=forged'))).status).toBe(403);
    expect((await deliveriesOf('Grace'))[0]!.status).toBe('sent');
    expect((await report(signed)).status).toBe(204);
    expect((await deliveriesOf('Grace'))[0]!.status).toBe('delivered');
  });

  it('keeps provider secrets write-only and each organisation’s providers its own', async () => {
    const answer = (await call(
      'GET',
      `/api/notifications/providers?organisationId=${organisationId}`,
      undefined,
      200,
    )) as ProvidersAnswer;
    expect(answer.own).toEqual([expect.objectContaining({ channel: 'sms', kind: 'http', secretMasked: '••••cret' })]);
    expect(answer.defaults.map((provider) => `${provider.channel}/${provider.kind}/${provider.secretMasked}`)).toEqual([
      'sms/twilio/••••oken',
      'voice/twilio/••••oken',
      'whatsapp/twilio/••••oken',
    ]);
    expect(JSON.stringify(answer)).not.toContain(TOKEN);
    // A new provider needs its secret; an empty one keeps the stored one.
    const voice = { channel: 'voice', kind: 'twilio', accountSid: SID, from: '+15005550006' };
    const missing = await server.request('PUT', `/api/notifications/providers?organisationId=${organisationId}`, {
      token: admin,
      body: voice,
    });
    expect(missing).toMatchObject({ status: 400, body: { field: 'secret' } });
    const bad = await server.request('PUT', '/api/notifications/providers/default', {
      token: admin,
      body: { ...voice, from: '12' },
    });
    expect(bad).toMatchObject({ status: 400, body: { field: 'from' } });

    const own = (await call('GET', '/api/notifications/providers', undefined, 200, customer)) as ProvidersAnswer;
    expect(own.own.map((provider) => provider.channel)).toEqual(['sms']);
    await call('PUT', '/api/notifications/providers', { ...twilioProvider('voice'), callTimeoutSeconds: 45 }, 200, customer);
    expect(
      (await server.request('PUT', '/api/notifications/providers/default', { token: customer, body: twilioProvider('sms') }))
        .status,
    ).toBe(403);
    expect(
      (await server.request('GET', '/api/notifications/providers?organisationId=org_other', { token: customer })).status,
    ).toBe(404);
    const withoutPermission = await server.loginAs({ username: 'viewer', level: 'si-customer', organisationId });
    expect((await server.request('GET', '/api/notifications/providers', { token: withoutPermission })).status).toBe(403);
    const removed = (await call('DELETE', '/api/notifications/providers/sms', undefined, 200, customer)) as ProvidersAnswer;
    expect(removed.own.map((provider) => `${provider.channel}/${provider.settings.callTimeoutSeconds}`)).toEqual(['voice/45']);
  });
});
