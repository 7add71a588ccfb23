import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, LoggerToken, MailerToken, queryRows, readWorkbookRows, type Database } from '@sensorium/core/server';
import { ApplicationBrandingToken } from '@sensorium/applications/common';
import { EventStoreToken, type EventRecord } from '@sensorium/events/common';
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
import type { NotificationHistoryPage } from '../../common';
import { alarmPlant, until } from '../alarm-plant.fixture';
import notifications from '../index';
import { ChannelSenders } from './channel-sender';
import { deliverBatchWorker } from './deliver-batch';
import { deliverWorker } from './deliver-worker';
import { emailSender } from './email-sender';

const APP = 'alarms';
const TANK = '00000000000e0001';

const notificationSetting: NotificationSetting = {
  smsEnabled: true,
  smsTemplate: '{{ itemName }} is high: {{ link }}',
  whatsappEnabled: false,
  emailEnabled: true,
  emailTemplate: '<p>{{ itemName }} reads {{ currentOutputValue }} in {{ range }}</p><p><a href="{{ link }}">Acknowledge</a></p>',
  voiceEnabled: false,
  voiceTemplate: '',
  departments: ['ops'],
};

interface DeliveryRowText {
  id: string;
  contact_name: string;
  channel: string;
  status: string;
  error: string | null;
  attempts: number;
}

describe.each(databaseBackends())('e-mail notifications on %s', (backend) => {
  let server: TestServer;
  let sink: SmtpSink;
  let db: Database;
  let admin: string;
  let event: EventRecord;
  let plant: Awaited<ReturnType<typeof alarmPlant>>;

  const history = (query = '', token = admin) =>
    server.request<NotificationHistoryPage>('GET', `/api/notifications/${APP}/history${query}`, { token });
  const deliveriesOf = (name: string) =>
    queryRows<DeliveryRowText>(
      db,
      sql`SELECT id, contact_name, channel, status, error, attempts FROM notifications_deliveries
        WHERE contact_name = ${name} ORDER BY channel`,
    );
  /** The deliver worker's parts on this server, without the rate limit, for tests that run jobs themselves. */
  const workerDeps = () => ({
    db,
    senders: new ChannelSenders([emailSender(server.running.resolve(MailerToken))]),
    events: server.running.resolve(EventStoreToken),
    branding: server.running.resolve(ApplicationBrandingToken),
    changed: () => undefined,
    log: server.running.resolve(LoggerToken),
  });
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({
      backend,
      smtpUrl: sink.url,
      plugins: [applications, users, nodes, devicePipeline, events, publicAlert, notifications],
    });
    db = server.running.resolve(DatabaseToken);
    admin = (await server.login()).access_token;
    plant = await alarmPlant(server, admin, {
      application: { id: APP, name: 'Alarm Plant', endCustomerId: 'end_default' },
    });
    await plant.addTank('tank', TANK, notificationSetting);
    await plant.addContact({ name: 'Alice', department: 'ops', email: 'alice@example.com', smsNum: '+85291234567' });
    await plant.addContact({ name: 'Bob', department: 'ops', email: 'bob@example.com', unsubscribed: true });
    await plant.addContact({ name: 'Carol', department: 'ops', smsNum: '+85291234568', smsEnable: false });
    await plant.addContact({ name: 'Dave', department: 'sales', email: 'dave@example.com' });

    const raised = await plant.raise(TANK);
    event = (await server.running.resolve(EventStoreToken).get(APP, raised))!;
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('e-mails a created event to the departments’ contacts with the variables filled and a working link', async () => {
    const mail = await sink.waitForMessage('alice@example.com');
    expect(mail.subject).toBe(`Alarm Plant: ${event.description} – tank`);
    expect(mail.html).toContain('<p>tank reads 85.00 in High</p>');
    const link = /href="([^"]*\/public\/event\/([^"]+))"/.exec(mail.html ?? '');
    expect(link, mail.html).not.toBeNull();
    expect(mail.text).toContain(`Acknowledge (${link![1]})`);
    const viewer = await server.request('GET', `/api/system-events-api/public/event/?payload=${link![2]}`);
    expect(viewer.status, JSON.stringify(viewer.body)).toBe(200);

    const alice = await until(
      () => deliveriesOf('Alice'),
      (rows) => rows.every((row) => row.status !== 'queued' && row.status !== 'sending'),
    );
    // No SMS provider is set: the SMS fails, saying so (providers.test.ts sends through one).
    expect(alice.map(({ channel, status, error }) => ({ channel, status, error }))).toEqual([
      { channel: 'email', status: 'sent', error: null },
      { channel: 'sms', status: 'failed', error: 'No sms provider is set for the organisation' },
    ]);
    const notified = (await server.running.resolve(EventStoreToken).history(event.id)).filter((row) => row.kind === 'notified');
    expect(notified).toEqual([
      expect.objectContaining({
        detail: expect.objectContaining({ channel: 'email', contact: 'Alice', address: 'alice@example.com' }),
      }),
    ]);
  });

  it('records skipped deliveries for an unsubscribed contact, a channel turned off and a missing address', async () => {
    const shown = (rows: DeliveryRowText[]) => rows.map(({ channel, status, error }) => ({ channel, status, error }));
    expect(shown(await deliveriesOf('Bob'))).toEqual([
      { channel: 'email', status: 'skipped', error: 'unsubscribed' },
      { channel: 'sms', status: 'skipped', error: 'unsubscribed' },
    ]);
    expect(shown(await deliveriesOf('Carol'))).toEqual([
      { channel: 'email', status: 'skipped', error: 'noAddress' },
      { channel: 'sms', status: 'skipped', error: 'channelOff' },
    ]);
    expect(await deliveriesOf('Dave')).toEqual([]);
    expect(sink.messages.some((mail) => mail.to.includes('bob@example.com'))).toBe(false);
  });

  it('sends one e-mail however often its job runs', async () => {
    const [email] = (await deliveriesOf('Alice')).filter((row) => row.channel === 'email');
    const deliver = deliverWorker(workerDeps());
    // A second run of the job finds nothing to claim.
    await deliver({ id: 'again', data: { deliveryId: email!.id }, retryCount: 0 });
    // Even a row found queued again (a run whose outcome was lost) queues no second message: the outbox keys it.
    await db.execute(sql`UPDATE notifications_deliveries SET status = 'queued' WHERE id = ${email!.id}`);
    await deliver({ id: 'retry', data: { deliveryId: email!.id }, retryCount: 1 });
    const outbox = await queryRows<{ dedup_key: string }>(
      db,
      sql`SELECT dedup_key FROM mail_outbox WHERE recipient = 'alice@example.com'`,
    );
    expect(outbox).toEqual([{ dedup_key: email!.id }]);
    // Whatever the outbox still had to send has gone by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messages.filter((mail) => mail.to.includes('alice@example.com'))).toHaveLength(1);
    expect((await deliveriesOf('Alice')).find((row) => row.channel === 'email')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('queues the plan in the event’s transaction and plans rows, links and jobs in one: nothing once either rolls back', async () => {
    await plant.addContact({ name: 'Erin', department: 'ops', email: 'erin@example.com', smsNum: '+85291234569' });
    const counts = async (executor: { execute: Database['execute'] }) => {
      const [counted] = await queryRows<{ rows: number; links: number; jobs: number; plans: number }>(
        executor,
        sql`SELECT
          (SELECT count(*)::int FROM notifications_deliveries WHERE contact_name = 'Erin') AS rows,
          (SELECT count(*)::int FROM public_alert_links WHERE actor_label = 'Erin') AS links,
          (SELECT count(*)::int FROM pgboss.job WHERE name = 'notifications.deliver' AND data->>'deliveryId' IN
            (SELECT id::text FROM notifications_deliveries WHERE contact_name = 'Erin')) AS jobs,
          (SELECT count(*)::int FROM pgboss.job WHERE name = 'notifications.plan'
            AND data::text LIKE ${`%${event.id}%`}) AS plans`,
      );
      return counted!;
    };
    // The raise queued the event's first plan, which ran before Erin was a contact.
    const before = await counts(db);
    expect(before).toEqual({ rows: 0, links: 0, jobs: 0, plans: 1 });
    const rolledBack = (work: (tx: Database) => Promise<unknown>) =>
      db.transaction(async (tx) => {
        await work(tx);
        tx.rollback();
      });
    await rolledBack(async (tx) => {
      await plant.queuePlan(tx, event);
      expect((await counts(tx)).plans).toBe(2);
    }).catch(() => undefined);
    await rolledBack(async (tx) => {
      await plant.planCreated(tx, event);
      expect(await counts(tx)).toEqual({ rows: 2, links: 1, jobs: 2, plans: 1 });
    }).catch(() => undefined);
    expect(await counts(db)).toEqual(before);

    await db.transaction((tx) => plant.queuePlan(tx, event));
    const mail = await sink.waitForMessage('erin@example.com');
    expect(mail.html).toContain('tank reads 85.00');
    // Planning the same transition again (a plan job run twice) plans nothing more and issues no second link.
    await db.transaction((tx) => plant.planCreated(tx, event));
    expect(await counts(db)).toEqual({ rows: 2, links: 1, jobs: 2, plans: 2 });
  });

  it('fails a delivery whose template cannot be read, with the reason, and goes on', async () => {
    await plant.addContact({ name: 'Frank', department: 'ops', email: 'frank@example.com' });
    const broken = {
      ...event,
      actions: { notification: { ...notificationSetting, smsEnabled: false, emailTemplate: '{% if %}' } },
    };
    await db.transaction((tx) => plant.planCreated(tx, broken));
    const [frank] = await until(
      () => deliveriesOf('Frank'),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(frank!.error).toMatch(/^template: /);
    expect(sink.messages.some((mail) => mail.to.includes('frank@example.com'))).toBe(false);
  });

  it('lists the history with the spec’s columns, filtered, newest first', async () => {
    const all = await history();
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(9);
    expect(all.body.rows[0]).toEqual({
      id: expect.any(String),
      eventId: event.id,
      createdAt: expect.any(String),
      service: 'smtp',
      channel: 'email',
      usage: 'created',
      reference: event.description,
      name: 'Frank',
      contact: 'frank@example.com',
      status: 'failed',
      attempts: 1,
      error: expect.stringMatching(/^template: /),
      updatedAt: expect.any(String),
    });
    const names = (page: NotificationHistoryPage) => page.rows.map((row) => `${row.name}/${row.channel}/${row.status}`);
    expect(names((await history('?channel=email&status=sent')).body).sort()).toEqual(['Alice/email/sent', 'Erin/email/sent']);
    expect((await history('?status=skipped')).body.total).toBe(4);
    expect(names((await history('?q=91234568')).body)).toEqual(['Carol/sms/skipped']);
    expect((await history(`?from=${new Date(Date.now() + 60_000).toISOString()}`)).body.total).toBe(0);
    expect((await history(`?eventId=${event.id}`)).body.total).toBe(9);
    expect((await history(`?eventId=${randomUUID()}`)).body.total).toBe(0);
    const paged = await history('?page=1&size=4');
    expect(paged.body).toMatchObject({ total: 9 });
    expect(paged.body.rows).toHaveLength(4);
  });

  it('answers 400 naming the field for a bad filter, and 404 to another tenant', async () => {
    expect((await history('?channel=fax')).body).toMatchObject({ field: 'channel' });
    expect((await history('?status=lost')).status).toBe(400);
    expect((await history('?size=500')).body).toMatchObject({ field: 'size' });
    expect((await history('?eventId=tank')).body).toMatchObject({ field: 'eventId' });
    const stranger = await server.loginAs({ username: 'stranger', level: 'si-customer', organisationId: 'org_other' });
    expect((await history('', stranger)).status).toBe(404);
    const exported = await server.request('GET', `/api/notifications/${APP}/history/export`, { token: stranger });
    expect(exported.status).toBe(404);
  });

  it('exports the filtered history as notification_history.xlsx', async () => {
    const response = await fetch(`${server.url}/api/notifications/${APP}/history/export?channel=email&utcOffsetMinutes=480`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('notification_history.xlsx');
    const rows = await readWorkbookRows(await response.arrayBuffer());
    expect(rows[0]).toEqual(['ID', 'Date', 'Service', 'Channel', 'Usage', 'Reference', 'Name', 'Contact', 'Status']);
    expect(
      rows
        .slice(1)
        .map((row) => `${row[6]}/${row[3]}/${row[8]}`)
        .sort(),
    ).toEqual(['Alice/Email/Sent', 'Bob/Email/Skipped', 'Carol/Email/Skipped', 'Erin/Email/Sent', 'Frank/Email/Failed']);
    expect(rows[1]![1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  });

  it('delivers a batch’s e-mails in one go, each once, and a contact’s second e-mail after its first', async () => {
    const [email] = (await deliveriesOf('Alice')).filter((row) => row.channel === 'email');
    // Three more e-mail rounds for Alice, queued as the planner would have them: one goes in the batch, two after it.
    const copies = await queryRows<{ id: string; contact_name: string }>(
      db,
      sql`INSERT INTO notifications_deliveries (app_id, event_id, item_uuid, transition, contact_id, contact_name, address,
          channel, usage, escalation_level, reference, status, template, variables)
        SELECT app_id, event_id, item_uuid, transition, contact_id, contact_name, address, channel, 'escalation', level,
          reference, 'queued', template, variables
        FROM notifications_deliveries, generate_series(11, 13) AS level WHERE id = ${email!.id}
        RETURNING id, contact_name`,
    );
    const deps = workerDeps();
    const deliverBatch = deliverBatchWorker(deps, deliverWorker(deps));
    const jobs = copies.map(({ id }, index) => ({ id: `batch-${index}`, data: { deliveryId: id }, retryCount: 0 }));
    await deliverBatch(jobs);
    // The same batch again (a retried job) queues nothing more.
    await deliverBatch(jobs);

    const ids = copies.map(({ id }) => id);
    const rows = await queryRows<{ status: string; attempts: number }>(
      db,
      sql`SELECT status, attempts FROM notifications_deliveries WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    expect(rows).toEqual(ids.map(() => ({ status: 'sent', attempts: 1 })));
    const outbox = await queryRows<{ dedup_key: string }>(
      db,
      sql`SELECT dedup_key FROM mail_outbox WHERE dedup_key IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(outbox.map((row) => row.dedup_key).sort()).toEqual([...ids].sort());
    const notified = (await server.running.resolve(EventStoreToken).history(event.id)).filter(
      (row) => row.kind === 'notified' && ids.includes((row.detail as { deliveryId: string }).deliveryId),
    );
    expect(notified).toHaveLength(3);
  });
});
