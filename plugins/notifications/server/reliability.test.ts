import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends, startSmtpSink, startTestServer, type SmtpSink, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import publicAlert from '../../public-alert/server';
import users from '../../users/server';
import { alarmPlant, emailSetting, until, type DeliveryFact } from './alarm-plant.fixture';
import notifications from './index';
import { DEFAULT_RATE_LIMIT } from '../common';

const ALARM_PLUGINS = [applications, users, nodes, devicePipeline, events, publicAlert, notifications];

/** A minute of the escalation and rate-limit settings lasts a second here, so they play out on real pg-boss timers. */
const MINUTE_SECONDS = 2;
const TEST_TIMEOUT_MS = 90_000;

const settled = (rows: DeliveryFact[]) => rows.every((row) => row.status === 'sent');
const levelsOf = (rows: DeliveryFact[], name: string) =>
  rows.filter((row) => row.contact_name === name).map((row) => row.escalation_level);

describe.each(databaseBackends())('notification rate limit and escalation on %s', (backend) => {
  let server: TestServer;
  let sink: SmtpSink;
  let plant: Awaited<ReturnType<typeof alarmPlant>>;

  beforeAll(async () => {
    process.env.SENSORIUM_NOTIFICATIONS_MINUTE_SECONDS = String(MINUTE_SECONDS);
    sink = await startSmtpSink();
    server = await startTestServer({ backend, smtpUrl: sink.url, plugins: ALARM_PLUGINS });
    delete process.env.SENSORIUM_NOTIFICATIONS_MINUTE_SECONDS;
    plant = await alarmPlant(server, (await server.login()).access_token);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  }, TEST_TIMEOUT_MS);

  it(
    'defers the e-mails over a contact’s limit to the next free slot and sends them then, dropping none',
    async () => {
      const { maxSent, windowMinutes } = DEFAULT_RATE_LIMIT;
      await plant.addContact({ name: 'Rita', department: 'rate', email: 'rita@example.com' });
      const tanks = Array.from({ length: maxSent + 1 }, (_, index) => `00000000000a000${index}`);
      for (const [index, eui] of tanks.entries()) await plant.addTank(`rate_tank_${index}`, eui, emailSetting('rate'));
      const eventIds: string[] = [];
      for (const eui of tanks) eventIds.push(await plant.raise(eui));

      const held = await until(
        () => plant.deliveries(eventIds),
        (rows) => rows.filter((row) => row.status === 'sent').length === maxSent && rows.some((row) => row.status === 'deferred'),
      );
      const heldAt = Date.now();
      expect(held.map((row) => row.status).sort()).toEqual(['deferred', ...Array(maxSent).fill('sent')]);
      for (let index = 0; index < maxSent; index++) await sink.waitForMessage('rita@example.com');

      await until(() => plant.deliveries(eventIds), settled, 3 * windowMinutes * MINUTE_SECONDS * 1000);
      await sink.waitForMessage('rita@example.com');
      // Sent once the window of the first e-mail had passed, not at once.
      expect(Date.now() - heldAt).toBeGreaterThan(1000);
      expect(sink.messages.filter((mail) => mail.to.includes('rita@example.com'))).toHaveLength(maxSent + 1);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'e-mails again every interval while the event is unacknowledged, and stops once it is acknowledged',
    async () => {
      await plant.addContact({ name: 'Erin', department: 'escalate', email: 'erin@example.com' });
      await plant.addTank('escalating_tank', '00000000000b0001', {
        ...emailSetting('escalate', { enable: true, everyMinutes: 1, repeats: 20, nextPriority: false }),
      });
      const eventId = await plant.raise('00000000000b0001');

      const rounds = await until(
        () => plant.deliveries([eventId]),
        (rows) => rows.filter((row) => row.usage === 'escalation' && row.status === 'sent').length >= 2,
      );
      expect(rounds[0]).toMatchObject({ usage: 'created', escalation_level: 0, status: 'sent' });
      for (let mail = 0; mail < 3; mail++) await sink.waitForMessage('erin@example.com');

      await plant.acknowledge(eventId);
      // A round already running when the event was acknowledged may still go out; none after it.
      const afterAck = await until(() => plant.deliveries([eventId]), settled);
      await new Promise((resolve) => setTimeout(resolve, 6 * MINUTE_SECONDS * 1000));
      const later = await plant.deliveries([eventId]);
      expect(later.length).toBeLessThanOrEqual(afterAck.length + 1);
      expect(Math.max(...later.map((row) => row.escalation_level))).toBeLessThan(20);
      await new Promise((resolve) => setTimeout(resolve, 4 * MINUTE_SECONDS * 1000));
      expect(await plant.deliveries([eventId])).toEqual(later);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'moves on to the next contact priority after the repeats, then ends when no priority is left',
    async () => {
      await plant.addContact({ name: 'Pat', department: 'tiers', email: 'pat@example.com', priority: 1 });
      await plant.addContact({ name: 'Quinn', department: 'tiers', email: 'quinn@example.com', priority: 2 });
      await plant.addTank('tiered_tank', '00000000000c0001', {
        ...emailSetting('tiers', { enable: true, everyMinutes: 1, repeats: 1, nextPriority: true }),
      });
      const eventId = await plant.raise('00000000000c0001');

      const rows = await until(
        () => plant.deliveries([eventId]),
        (found) => found.length === 4 && settled(found),
      );
      // Priority 1 is told, then told once more; then priority 2, twice.
      expect(levelsOf(rows, 'Pat')).toEqual([0, 1]);
      expect(levelsOf(rows, 'Quinn')).toEqual([2, 3]);
      await new Promise((resolve) => setTimeout(resolve, 5 * MINUTE_SECONDS * 1000));
      expect(await plant.deliveries([eventId])).toHaveLength(4);
    },
    TEST_TIMEOUT_MS,
  );
});
