import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Token } from '@sensorium/core/common';
import {
  DatabaseToken,
  DataSourceSinkToken,
  JobQueueToken,
  queryRows,
  type Database,
  type SqlExecutor,
} from '@sensorium/core/server';
import { SYSTEM_ACTOR, type EventListPage, type EventRecord, type EventTransition } from '@sensorium/events/common';
import { defaultFirstRange, nextRange, type NotificationEscalation, type NotificationSetting } from '@sensorium/nodes/common';
import { PublicLinksToken } from '@sensorium/public-alert/common';
import { contactDirectory } from './contacts/contact-directory';
import { planDeliveries } from './dispatch/plan-deliveries';
import { planLater } from './dispatch/plan-later';

/** What the fixture uses of a test server (host/server/testing's TestServer, which plugin code may not import). */
/** The transition of `event`'s creation, as the ingest makes it. */
const created = (event: EventRecord): EventTransition => ({
  kind: 'created',
  event,
  actor: SYSTEM_ACTOR,
  comment: null,
  detail: {},
});

export interface PlantServer {
  running: { resolve<T>(token: Token<T>): T };
  // Answers of every shape are read without casts, as TestServer's are.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  request(method: string, path: string, options: { token: string; body: unknown }): Promise<{ status: number; body: any }>;
}

export const PLANT = 'plant';

/** A notification setting that e-mails one department, escalating or not. */
export function emailSetting(department: string, escalation?: NotificationEscalation): NotificationSetting {
  return {
    smsEnabled: false,
    smsTemplate: '',
    whatsappEnabled: false,
    emailEnabled: true,
    emailTemplate: '<p>{{ itemName }} reads {{ currentOutputValue }}</p><p><a href="{{ link }}">Acknowledge</a></p>',
    voiceEnabled: false,
    voiceTemplate: '',
    departments: [department],
    ...(escalation ? { escalation } : {}),
  };
}

export interface DeliveryFact {
  id: string;
  contact_name: string;
  status: string;
  usage: string;
  escalation_level: number;
  event_id: string;
}

/** The application a plant is: PLANT of the default end customer unless a test names another. */
export interface PlantApplication {
  id: string;
  name: string;
  endCustomerId: string;
}

/**
 * The `application` (PLANT by default), set up through the API by its admin (unless `existing`: made by an earlier
 * server on the same database), with helpers to add tanks and contacts, raise alarms and read the deliveries.
 */
export async function alarmPlant(
  server: PlantServer,
  token: string,
  {
    existing = false,
    application = { id: PLANT, name: 'Plant', endCustomerId: 'end_default' },
  }: { existing?: boolean; application?: PlantApplication } = {},
) {
  const appId = application.id;
  const db: Database = server.running.resolve(DatabaseToken);
  const call = async (method: string, path: string, body: unknown, status: number) => {
    const answer = await server.request(method, path, { token, body });
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
    return answer.body;
  };
  const nodesApi = `/api/node-structure-item/${appId}`;
  if (!existing) {
    await call('POST', '/api/application/new/', { ...application, description: '' }, 201);
    await call('GET', `${nodesApi}/tree`, undefined, 200);
  }
  /** The application's events, oldest first, through the Event View's list (the events plugin owns their table). */
  const eventIds = async (): Promise<string[]> => {
    const page = (await call('GET', `/api/system-events-api/${appId}/events?size=100`, undefined, 200)) as EventListPage;
    return [...page.rows]
      .sort((a, b) => a.generatedDateTime.localeCompare(b.generatedDateTime) || a.id.localeCompare(b.id))
      .map(({ id }) => id);
  };
  const plansDone = () =>
    until(
      () =>
        queryRows<{ pending: number }>(
          db,
          sql`SELECT count(*)::int AS pending FROM pgboss.job
            WHERE name = 'notifications.plan' AND state IN ('created', 'retry', 'active')`,
        ),
      ([counted]) => counted?.pending === 0,
    );

  return {
    db,
    /** A tank (device `eui`) whose level above 70 raises an event notified as `setting` says. */
    async addTank(name: string, eui: string, setting: NotificationSetting) {
      const tank = await call(
        'POST',
        `${nodesApi}/items`,
        { parentName: 'root', newItem: { itemType: 'item', itemName: name, dataSource: { type: 'chirpstack', deviceEUI: eui } } },
        201,
      );
      const ok = { ...defaultFirstRange(), name: 'OK', startNum: 0, endNum: 70 };
      const high = {
        ...nextRange([ok])!,
        name: 'High',
        color: 'red',
        startNum: 70,
        endNum: 100,
        eventSetting: { name: `${name} high`, enable: true, allowAutoClear: false },
        notificationSetting: setting,
      };
      const preference = { signal: 'analog', rangeEnabled: true, rangeSettings: { ranges: [ok, high] } };
      await call('PUT', `${nodesApi}/items/${tank.uuid}/field-preference`, { targetField: 'level', preference }, 200);
    },
    async addContact(contact: Record<string, unknown>) {
      await call('POST', `/api/notifications/${appId}/contacts`, contact, 201);
    },
    /** An uplink of the tank's device reading `level`; answers the id of the event it raised. */
    async raise(eui: string, level = 85): Promise<string> {
      const before = new Set(await eventIds());
      const uplink = { source: 'chirpstack', deviceId: eui, receivedAt: new Date(), fields: { level }, raw: {} };
      await server.running.resolve(DataSourceSinkToken).ingest([{ ...uplink, dedupKey: `${eui}-${Date.now()}` }]);
      const raised = (await eventIds()).filter((id) => !before.has(id));
      expect(raised, `one event of ${eui}`).toHaveLength(1);
      await plansDone();
      return raised[0]!;
    },
    /** Waits until the notifications.plan jobs queued so far have run, so the raised events' deliveries exist. */
    plansDone,
    /** The application's events, oldest first. */
    eventIds,
    /** Queues the plan of `event`'s deliveries in `tx` as its creation does. */
    async queuePlan(tx: SqlExecutor, event: EventRecord) {
      // The hook leaves its job's insert to ride along with the history rows; here it runs alone.
      for (const rider of (await planLater(server.running.resolve(JobQueueToken))(tx, [created(event)])) ?? []) {
        await tx.execute(rider);
      }
    },
    /** Plans `event`'s deliveries in `tx` as its plan job does: contacts added since get theirs. */
    planCreated(tx: SqlExecutor, event: EventRecord) {
      const plan = planDeliveries({
        contacts: contactDirectory(db),
        links: server.running.resolve(PublicLinksToken),
        jobs: server.running.resolve(JobQueueToken),
      });
      return plan(tx, [created(event)]);
    },
    acknowledge: (eventId: string) => call('POST', `/api/system-events-api/${appId}/events/ack`, { ids: [eventId] }, 200),
    deliveries: (eventIds: readonly string[]) =>
      queryRows<DeliveryFact>(
        db,
        sql`SELECT id, contact_name, status, usage, escalation_level, event_id FROM notifications_deliveries
          WHERE event_id IN (${sql.join(
            eventIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) ORDER BY escalation_level, contact_name`,
      ),
  };
}

/** Polls `read` until `done` holds (real pg-boss timers run underneath). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not reached: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
