import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, type FakeRequest } from '../../../../core/client/testing/fake-api';
import type { RateLimit, RateLimitAnswer } from '../../common';
import { rateLimitFormErrors, RateLimitStore } from './store';

/** The rate-limit routes as the server answers them: the default until an organisation sets its own. */
function server() {
  const own = new Map<string, RateLimit>();
  const answer = (organisationId: string | null): RateLimitAnswer => {
    const limit = organisationId ? own.get(organisationId) : undefined;
    return { organisationId, own: !!limit, ...(limit ?? { maxSent: 6, windowMinutes: 10 }) };
  };
  const organisation = ({ query }: FakeRequest) => query.get('organisationId');
  return fakeApi({
    'GET notifications/rate-limit': (request) => answer(organisation(request)),
    'PUT notifications/rate-limit': (request) => {
      const body = request.body as RateLimit;
      if (body.windowMinutes > 1440) {
        return apiError(400, 'This field must be at most 1440.', { windowMinutes: 'This field must be at most 1440.' });
      }
      own.set(organisation(request)!, body);
      return answer(organisation(request));
    },
  });
}

describe('notification rate limit store', () => {
  it("shows the default, then the organisation's own limit once saved", async () => {
    const { http, calls } = server();
    const store = RateLimitStore.create({}, { http });
    await store.open('org_a');
    expect(store.answer).toEqual({ organisationId: 'org_a', own: false, maxSent: 6, windowMinutes: 10 });
    expect(store.needsOrganisation).toBe(false);

    expect(await store.save({ maxSent: '20', windowMinutes: '2000' })).toBe(false);
    expect(store.saving.fieldError('windowMinutes')).toBe('This field must be at most 1440.');
    expect(await store.save({ maxSent: '20', windowMinutes: '60' })).toBe(true);
    expect(store.answer).toMatchObject({ own: true, maxSent: 20, windowMinutes: 60 });
    expect(store.saved).toBe(true);
    store.edited();
    expect(store.saved).toBe(false);
    expect(calls).toContain('PUT notifications/rate-limit?organisationId=org_a');
  });

  it('asks a cloud user without an organisation to choose one', async () => {
    const { http } = server();
    const store = RateLimitStore.create({}, { http });
    await store.open(null);
    expect(store.needsOrganisation).toBe(true);
  });

  it('checks the form with the server’s rules: 1–1000 messages within 1–1440 minutes', () => {
    expect(rateLimitFormErrors({ maxSent: '6', windowMinutes: '10' })).toEqual({});
    expect(rateLimitFormErrors({ maxSent: '0', windowMinutes: '1441' })).toEqual({
      maxSent: { key: 'validation.min', params: { constraint1: 1 } },
      windowMinutes: { key: 'validation.max', params: { constraint1: 1440 } },
    });
    // An emptied box reads as 0, below the least.
    expect(rateLimitFormErrors({ maxSent: '1001', windowMinutes: '' })).toEqual({
      maxSent: { key: 'validation.max', params: { constraint1: 1000 } },
      windowMinutes: { key: 'validation.min', params: { constraint1: 1 } },
    });
    expect(rateLimitFormErrors({ maxSent: '2.5', windowMinutes: 'ten' }).maxSent).toEqual({ key: 'validation.isInt' });
  });
});
