import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken } from '@sensorium/core/server';
import { auditRecords } from '../db/schema';
import { databaseBackends, startTestServer, type TestServer } from '../testing';

// Each test signs in from its own addresses (documentation ranges), as the socket's remote address: with no trusted
// proxy hops (the default) that is what the server takes as the caller's address.
const ATTACKER = '198.51.100.7';
const OWNER = '203.0.113.9';

describe.each(databaseBackends())('sign-in throttling on %s', (backend) => {
  let server: TestServer;
  const db = () => server.running.container.resolve(DatabaseToken);
  const login = async (address: string, username: string, password: string, language = 'en') => {
    const response = await server.running.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address,
      headers: { 'accept-language': language },
      payload: { username, password },
    });
    return { status: response.statusCode, body: response.json(), retryAfter: Number(response.headers['retry-after']) };
  };
  /** Moves the audit trail of an address back in time, as if `seconds` had passed. */
  const wait = (address: string, seconds: number) =>
    db().execute(sql`UPDATE audit_records SET at = at - make_interval(secs => ${seconds}) WHERE address = ${address}`);

  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(() => server?.close());

  it("slows an attacker's address but lets the owner sign in from another one, and audits the attack", async () => {
    await server.createUser({ username: 'victim', password: 'victim-password' });
    for (let attempt = 0; attempt < 5; attempt++) expect((await login(ATTACKER, 'victim', 'guess')).status).toBe(401);

    const slowed = await login(ATTACKER, 'victim', 'guess');
    expect(slowed.status).toBe(429);
    expect(slowed.retryAfter).toBeGreaterThanOrEqual(29);
    expect(slowed.retryAfter).toBeLessThanOrEqual(30);
    expect(slowed.body).toMatchObject({ code: 'errors.throttledSeconds' });
    expect(slowed.body.message).toMatch(/^Too many failed attempts\. Please try again in (29|30) seconds\.$/);
    // Even the right password waits at the throttled address: it could be the attacker's next guess.
    expect((await login(ATTACKER, 'victim', 'victim-password')).status).toBe(429);

    expect((await login(OWNER, 'victim', 'victim-password')).status).toBe(200);
    // The owner's success elsewhere does not free the attacker's address.
    expect((await login(ATTACKER, 'victim', 'guess')).status).toBe(429);

    const trail = await db()
      .select({ address: auditRecords.address, outcome: auditRecords.outcome, detail: auditRecords.detail })
      .from(auditRecords)
      .where(and(eq(auditRecords.action, 'auth.login'), eq(auditRecords.target, 'victim')))
      .orderBy(asc(auditRecords.id));
    const reasons = trail.map((record) => `${record.address} ${record.outcome} ${String(record.detail?.reason ?? '')}`);
    expect(reasons).toEqual([
      ...Array<string>(5).fill(`${ATTACKER} failure credentials`),
      `${ATTACKER} failure throttled`,
      `${ATTACKER} failure throttled`,
      `${OWNER} success `,
      `${ATTACKER} failure throttled`,
    ]);
    expect(trail[5]!.detail).toMatchObject({ wait: slowed.retryAfter });
  });

  it('makes each further failure wait longer than the one before, and forgets them after a success', async () => {
    const address = '198.51.100.20';
    await server.createUser({ username: 'typist', password: 'typist-password' });
    for (let attempt = 0; attempt < 5; attempt++) await login(address, 'typist', 'typo');

    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await login(address, 'typist', 'typo');
      expect(refused.status).toBe(429);
      waits.push(refused.retryAfter);
      await wait(address, refused.retryAfter);
      expect((await login(address, 'typist', 'typo')).status).toBe(401);
    }
    expect(waits[1]).toBeGreaterThan(waits[0]!);
    expect(waits[2]).toBeGreaterThan(waits[1]!);

    const minutes = await login(address, 'typist', 'typist-password', 'zh-CN');
    expect(minutes.status).toBe(429);
    expect(minutes.retryAfter).toBeGreaterThan(waits[2]!);
    expect(minutes.body.message).toBe('失败次数过多，请于 4 分钟后再试。');

    await wait(address, minutes.retryAfter);
    expect((await login(address, 'typist', 'typist-password')).status).toBe(200);
    expect((await login(address, 'typist', 'typo')).status).toBe(401);
    expect((await login(address, 'typist', 'typist-password')).status).toBe(200);
  });

  it('slows one address trying many accounts (credential stuffing), whatever the account', async () => {
    const stuffer = '198.51.100.30';
    // Twenty earlier failures from the address, each for another account, the last ten seconds ago.
    await db()
      .insert(auditRecords)
      .values(
        Array.from({ length: 20 }, (_, index) => ({
          action: 'auth.login',
          target: `someone-${index}`,
          username: `someone-${index}`,
          pluginId: 'core',
          address: stuffer,
          outcome: 'failure' as const,
          detail: { reason: 'credentials' },
          at: sql`now() - make_interval(secs => ${10 + index})`,
        })),
      );
    const refused = await login(stuffer, 'admin', 'test-admin-password');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(19);
    expect(refused.retryAfter).toBeLessThanOrEqual(20);
    expect((await login(OWNER, 'admin', 'test-admin-password')).status).toBe(200);
  });
});
