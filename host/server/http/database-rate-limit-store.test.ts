import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken } from '@sensorium/core/server';
import { rateLimitHits } from '../db/schema';
import { startTestServer, type TestServer } from '../testing';

// Several consoles behind a load balancer share one PostgreSQL database; a limit must hold for all of them together.
describe.skipIf(!process.env.DATABASE_URL)('rate limits shared by two instances on one PostgreSQL database', () => {
  let first: TestServer;
  let second: TestServer;
  const db = () => first.running.container.resolve(DatabaseToken);

  beforeAll(async () => {
    first = await startTestServer({ backend: 'postgres' });
    second = await startTestServer({ backend: 'postgres', databaseUrl: first.databaseUrl! });
    // A caller of yesterday who never came back: the first count of a route sweeps its row away.
    await db()
      .insert(rateLimitHits)
      .values({ key: 'POST /api/auth/login 198.51.100.9', hits: 3, windowEndsAt: sql`now() - interval '1 day'` });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  // A new username each time: for one username the sign-in throttle would answer 429 before the rate limit.
  const login = (server: TestServer, call: number, headers: Record<string, string> = {}) =>
    server.request('POST', '/api/auth/login', { body: { username: `nobody-${call}`, password: 'x' }, headers });

  it('refuses the 21st login of a minute on the other instance, translated, after 20 on the first', async () => {
    for (let call = 0; call < 20; call++) {
      const answer = await login(first, call);
      expect(answer.status).toBe(401);
      expect(answer.headers['x-ratelimit-remaining']).toBe(String(19 - call));
    }
    const refused = await login(second, 20, { 'accept-language': 'zh-HK' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'errors.tooManyRequests' });
    expect(refused.body.message).toBe('請求過多，請稍後再試。');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Other routes keep counts of their own: the refresh route still answers (401 for a bad token, not 429).
    expect((await second.request('POST', '/api/auth/refresh', { token: 'not-a-token' })).status).toBe(401);
  });

  it('keeps one row per route and caller in the shared table, and none of ended windows', async () => {
    const rows = await db().select().from(rateLimitHits);
    expect(rows.filter((row) => row.key.startsWith('POST /api/auth/login '))).toEqual([
      expect.objectContaining({ key: 'POST /api/auth/login 127.0.0.1', hits: 21 }),
    ]);
  });
});
