import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, queryRows, type Database } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import devicePipeline from '../../device-pipeline/server';
import events from '../../events/server';
import nodes from '../../nodes/server';
import publicAlert from './index';
import { KEY_SIGNING_DAYS, LinkKeys } from './link-keys';
import { readLinkToken } from './link-token';
import { LinkService, MAX_LINK_TTL_SECONDS } from './public-links';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databaseBackends())('public link keys and expiry on %s', (backend) => {
  let server: TestServer;
  let db: Database;
  let eventId: string;
  let clock: Date;
  let links: LinkService;

  const issue = (ttlSeconds?: number) =>
    links.issue({ appId: 'plant', eventId, contactId: null, actorLabel: 'Night shift', actions: ['ack'], ttlSeconds });
  const kidOf = async (token: string) => {
    const [row] = await queryRows<{ kid: number }>(
      db,
      sql`SELECT kid FROM public_alert_links WHERE jti = ${readLinkToken(token)!.claims.jti}`,
    );
    return Number(row!.kid);
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [applications, nodes, devicePipeline, events, publicAlert] });
    db = server.running.resolve(DatabaseToken);
    const [event] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO node_events (app_id, item_uuid, item_name, field, range_index, severity)
        VALUES ('plant', gen_random_uuid(), 'boiler', 'temperature', 0, 4) RETURNING id`,
    );
    eventId = event!.id;
    clock = new Date('2026-11-25T08:00:00Z');
    const now = () => clock;
    links = new LinkService(db, new LinkKeys(db, now), () => 'https://console.example', now);
  });
  afterAll(() => server?.close());

  it('expires a link at its time, 7 days by default and never later than 30 days', async () => {
    const week = await issue();
    expect(week.expiresAt).toBe('2026-12-02T08:00:00.000Z');
    expect(week.url).toBe(`https://console.example/public/event/${week.token}`);
    const long = await issue(90 * 24 * 3600);
    expect(long.expiresAt).toBe(new Date(clock.getTime() + MAX_LINK_TTL_SECONDS * 1000).toISOString());

    clock = new Date('2026-12-02T07:59:59Z');
    expect(await links.verify(week.token)).toMatchObject({ eventId, actorLabel: 'Night shift', actions: ['ack'] });
    clock = new Date('2026-12-02T08:00:00Z');
    expect(await links.verify(week.token)).toBeNull();
    expect(await links.verify(long.token)).not.toBeNull();
  });

  it('signs with a new key once the current one has signed long enough; the retired key still verifies its links', async () => {
    clock = new Date('2027-01-01T00:00:00Z');
    const keyMade = clock.getTime();
    await issue();
    clock = new Date(keyMade + (KEY_SIGNING_DAYS - 1) * DAY_MS);
    const before = await issue(MAX_LINK_TTL_SECONDS);
    const retiredKid = await kidOf(before.token);
    clock = new Date(keyMade + (KEY_SIGNING_DAYS + 1) * DAY_MS);
    const after = await issue();
    expect(await kidOf(after.token)).not.toBe(retiredKid);

    const keys = await queryRows<{ kid: number; retired: boolean }>(
      db,
      sql`SELECT kid, retired_at IS NOT NULL AS retired FROM public_alert_keys ORDER BY kid`,
    );
    expect(keys.filter((key) => !key.retired)).toHaveLength(1);
    expect(keys.find((key) => Number(key.kid) === retiredKid)?.retired).toBe(true);

    // Verified by a service that has never seen the retired key: it is read by the kid of the link's row.
    const fresh = new LinkService(
      db,
      new LinkKeys(db, () => clock),
      () => '',
      () => clock,
    );
    expect(await fresh.verify(before.token)).not.toBeNull();
    expect(await fresh.verify(after.token)).not.toBeNull();
  });

  it('revokes every link of an event, in the caller’s transaction', async () => {
    const link = await issue();
    await expect(
      db.transaction(async (tx) => {
        expect(await links.revokeForEvent(eventId, tx)).toBeGreaterThan(0);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await links.verify(link.token)).not.toBeNull();
    expect(await links.revokeForEvent(eventId)).toBeGreaterThan(0);
    expect(await links.verify(link.token)).toBeNull();
  });
});
