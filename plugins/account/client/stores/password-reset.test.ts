import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import { ForgotPasswordModel, ResetPasswordModel } from './password-reset';

describe('ForgotPasswordModel', () => {
  it('refuses an unknown e-mail, and requests the link for a known one with the validity the server answers', async () => {
    const { http, calls } = fakeApi({
      'GET user/usernames/availability': ({ query }) => ({ exists: query.get('username') === 'cara@example.com' }),
      'POST user/forgot-password': () => ({ success: true, validMinutes: 45 }),
    });
    const forgot = ForgotPasswordModel.create({}, { http });
    expect(await forgot.submit('nobody@example.com')).toBeNull();
    expect(forgot.notFound).toBe(true);
    expect(calls).not.toContain('POST user/forgot-password');
    forgot.emailEdited();
    expect(forgot.notFound).toBe(false);
    expect(await forgot.submit('cara@example.com')).toEqual({ validMinutes: 45 });
    expect(calls.at(-1)).toBe('POST user/forgot-password');
  });

  it('continues when the existence check or the request fails, without a validity to show', async () => {
    const { http } = fakeApi({ 'POST user/forgot-password': () => ({ success: true, validMinutes: 10 }) });
    expect(await ForgotPasswordModel.create({}, { http }).submit('cara@example.com')).toEqual({ validMinutes: 10 });
    const failing = fakeApi({
      'GET user/usernames/availability': () => ({ exists: true }),
      'POST user/forgot-password': () => apiError(429, 'Too many requests.'),
    });
    expect(await ForgotPasswordModel.create({}, { http: failing.http }).submit('cara@example.com')).toEqual({
      validMinutes: null,
    });
  });
});

describe('ResetPasswordModel', () => {
  const server = () =>
    fakeApi({
      'GET user/verify-token/:token': ({ params }) =>
        params.token === 'good'
          ? { isValid: true, email: 'cara@example.com' }
          : params.token === 'used'
            ? { isValid: false }
            : apiError(500, 'Down.'),
      'POST user/reset-password': ({ body }) => ({ success: (body as { newPassword: string }).newPassword !== 'refused-pass' }),
    });

  it('checks the link: valid with its e-mail, invalid, or the check failed', async () => {
    const reset = ResetPasswordModel.create({}, { http: server().http });
    await reset.open('good');
    expect(reset).toMatchObject({ status: 'valid', email: 'cara@example.com' });
    await reset.open('used');
    expect(reset).toMatchObject({ status: 'invalid', invalidKey: 'account.reset.invalid' });
    await reset.open('broken');
    expect(reset).toMatchObject({ status: 'invalid', invalidKey: 'account.reset.checkFailed' });
  });

  it('sets the new password, and says so when the server refuses it', async () => {
    const reset = ResetPasswordModel.create({}, { http: server().http });
    await reset.open('good');
    expect(await reset.submit('refused-pass')).toBe(false);
    expect(reset.failed).toBe(true);
    expect(await reset.submit('cara-new-pass')).toBe(true);
    expect(reset.failed).toBe(false);
  });
});
