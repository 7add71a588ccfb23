import { types } from 'mobx-state-tree';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../testing/fake-api';
import { readFailure, RequestModel, track } from './request';

const Holder = types.model({ request: types.optional(RequestModel, {}) });

describe('request state', () => {
  it('is pending while the call runs and settles with its value', async () => {
    const { http } = fakeApi({ 'GET things': () => [1, 2] });
    const { request } = Holder.create({});
    const running = track(request, () => http.get('things').json<number[]>());
    expect(request.pending).toBe(true);
    expect(await running).toEqual({ ok: true, value: [1, 2] });
    expect(request.pending).toBe(false);
    expect(request.failed).toBe(false);
  });

  it('keeps the server’s message and field messages of a refused call, and forgets them at the next start', async () => {
    const { http } = fakeApi({ 'POST things': () => apiError(400, 'Name is required.', { name: 'Name is required.' }) });
    const { request } = Holder.create({});
    const outcome = await track(request, () => http.post('things', { json: {} }));
    expect(outcome).toEqual({
      ok: false,
      failure: { status: 400, message: 'Name is required.', fields: { name: 'Name is required.' } },
    });
    expect(request.fieldError('name')).toBe('Name is required.');
    request.start();
    expect(request.failure).toBeNull();
  });

  it('reads a network failure as one without status or message', async () => {
    expect(await readFailure(new TypeError('Failed to fetch'))).toEqual({ status: null, message: null, fields: {} });
  });
});
