import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './testing/memory-storage';
import { TOKEN_STORAGE_KEYS, TokenStore, jwtExpiry } from './token-store';

const jwt = (payload: object) => `header.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature`;

describe('TokenStore', () => {
  it('keeps a remembered pair in localStorage and a tab-only pair in sessionStorage', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    const tokens = new TokenStore(local, session);
    tokens.save({ access_token: 'a1', refresh_token: 'r1' }, true);
    expect([local.getItem(TOKEN_STORAGE_KEYS.refreshToken), session.getItem(TOKEN_STORAGE_KEYS.refreshToken)]).toEqual([
      'r1',
      null,
    ]);
    tokens.save({ access_token: 'a2', refresh_token: 'r2' }, false);
    expect([local.getItem(TOKEN_STORAGE_KEYS.refreshToken), session.getItem(TOKEN_STORAGE_KEYS.refreshToken)]).toEqual([
      null,
      'r2',
    ]);
    tokens.save({ access_token: 'a3', refresh_token: 'r3' });
    expect(session.getItem(TOKEN_STORAGE_KEYS.accessToken)).toBe('a3');
  });

  it('reads exp from a JWT and knows when the session is over', () => {
    const now = Date.UTC(2026, 0, 1);
    const tokens = new TokenStore(new MemoryStorage(), new MemoryStorage());
    expect(tokens.hasSession(now)).toBe(false);
    tokens.save({ access_token: jwt({ exp: now / 1000 - 60 }), refresh_token: jwt({ exp: now / 1000 + 3600 }) }, true);
    expect(jwtExpiry(tokens.refreshToken!)).toBe(now / 1000 + 3600);
    expect(tokens.hasSession(now)).toBe(true);
    expect(tokens.hasSession(now + 2 * 3600 * 1000)).toBe(false);
  });

  it('tells listeners about every change and forgets everything on clear', () => {
    const tokens = new TokenStore(new MemoryStorage(), new MemoryStorage());
    let changes = 0;
    tokens.subscribe(() => changes++);
    tokens.save({ access_token: 'a', refresh_token: 'r' }, true);
    tokens.setPageToken('page');
    tokens.clear();
    expect(changes).toBe(3);
    expect([tokens.accessToken, tokens.refreshToken, tokens.pageToken]).toEqual([null, null, null]);
  });
});
