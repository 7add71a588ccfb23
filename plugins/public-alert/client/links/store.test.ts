import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import type { PublicLinkSummary } from '../../common';
import { AlertLinksStore } from './store';

const EVENT = '7d1f3c52-0d7e-4a53-9b7e-2f7b7d0c1a01';

const link = (jti: string, patch: Partial<PublicLinkSummary> = {}): PublicLinkSummary => ({
  jti,
  contactId: `contact-${jti}`,
  actorLabel: `Contact ${jti}`,
  actions: ['ack', 'clear'],
  createdAt: '2026-11-25T08:00:00.000Z',
  expiresAt: '2026-11-26T08:00:00.000Z',
  revokedAt: null,
  usedAt: null,
  ...patch,
});

/** The links API of application `plant` over two links of one event; `fail` makes the next call answer 500. */
function server() {
  const links = [link('j2', { usedAt: '2026-11-25T08:30:00.000Z' }), link('j1')];
  const state = { fail: false };
  const api = fakeApi({
    'GET public-alert/plant/links': ({ query }) => {
      if (state.fail) return apiError(500, 'The database is away');
      return query.get('eventId') === EVENT ? links : [];
    },
    'POST public-alert/plant/links/:jti/revoke': ({ params }) => {
      if (state.fail) return apiError(403, 'No Permission');
      const found = links.find((entry) => entry.jti === params.jti);
      if (!found) return apiError(404, 'Not found');
      found.revokedAt = '2026-11-25T09:00:00.000Z';
      return undefined;
    },
  });
  return { ...api, state };
}

describe('AlertLinksStore', () => {
  it('loads the event’s links, newest first, with who they went to and whether they were used', async () => {
    const { http, calls } = server();
    const store = AlertLinksStore.create({ appId: 'plant', eventId: EVENT }, { http });
    const loading = store.load();
    expect(store.loading.pending).toBe(true);
    await loading;
    expect(calls).toEqual([`GET public-alert/plant/links?eventId=${EVENT}`]);
    expect(store.loading.pending).toBe(false);
    expect(store.links.map((entry) => [entry.actorLabel, entry.usedAt])).toEqual([
      ['Contact j2', '2026-11-25T08:30:00.000Z'],
      ['Contact j1', null],
    ]);
  });

  it('tells a live link from a revoked or expired one', async () => {
    const { http } = server();
    const store = AlertLinksStore.create({ appId: 'plant', eventId: EVENT }, { http });
    await store.load();
    const [used] = store.links;
    expect(used!.isLive(Date.parse('2026-11-25T12:00:00.000Z'))).toBe(true);
    expect(used!.isLive(Date.parse('2026-11-26T08:00:00.000Z'))).toBe(false);
  });

  it('revokes a link and shows when, the other one untouched', async () => {
    const { http, calls } = server();
    const store = AlertLinksStore.create({ appId: 'plant', eventId: EVENT }, { http });
    await store.load();
    const outcome = await store.revoke('j1');
    expect(outcome.ok).toBe(true);
    expect(calls.slice(1)).toEqual(['POST public-alert/plant/links/j1/revoke', `GET public-alert/plant/links?eventId=${EVENT}`]);
    expect(store.links.map((entry) => entry.revokedAt)).toEqual([null, '2026-11-25T09:00:00.000Z']);
    expect(store.links[1]!.isLive(Date.parse('2026-11-25T10:00:00.000Z'))).toBe(false);
  });

  it('keeps the links shown and the server’s message when a call fails', async () => {
    const { http, state } = server();
    const store = AlertLinksStore.create({ appId: 'plant', eventId: EVENT }, { http });
    await store.load();
    state.fail = true;
    const outcome = await store.revoke('j2');
    expect(outcome).toMatchObject({ ok: false, failure: { status: 403, message: 'No Permission' } });
    expect(store.revoking.failure?.message).toBe('No Permission');
    await store.load();
    expect(store.loading.failure).toMatchObject({ status: 500, message: 'The database is away' });
    expect(store.links).toHaveLength(2);
    expect(store.links[0]!.revokedAt).toBeNull();
  });
});
