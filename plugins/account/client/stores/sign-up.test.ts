import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import { SignUpModel } from './sign-up';

function signUpServer(options: { taken?: string[]; token?: string | null; refuse?: string; checkFails?: boolean } = {}) {
  return fakeApi({
    'GET user/usernames/availability': ({ query }) =>
      options.checkFails ? apiError(500, 'Down.') : { exists: (options.taken ?? []).includes(query.get('username') ?? '') },
    'POST otp/signup/request': () =>
      options.refuse ? apiError(429, options.refuse) : options.token === null ? {} : { token: options.token ?? 'tok-1' },
  });
}

describe('SignUpModel', () => {
  it('answers the verification token of a free e-mail', async () => {
    const signUp = SignUpModel.create({}, { http: signUpServer().http });
    expect(await signUp.submit('ann@example.com', 'ann-password-1')).toBe('tok-1');
    expect(signUp.alert).toBeNull();
    expect(signUp.emailExists).toBe(false);
  });

  it('refuses an e-mail already registered until the e-mail is edited', async () => {
    const { http, calls } = signUpServer({ taken: ['ann@example.com'] });
    const signUp = SignUpModel.create({}, { http });
    expect(await signUp.submit('ann@example.com', 'x')).toBeNull();
    expect(signUp.emailExists).toBe(true);
    expect(calls).toHaveLength(1);
    signUp.emailEdited();
    expect(signUp.emailExists).toBe(false);
  });

  it('continues when the existence check fails', async () => {
    const signUp = SignUpModel.create({}, { http: signUpServer({ checkFails: true }).http });
    expect(await signUp.submit('ann@example.com', 'x')).toBe('tok-1');
  });

  it('shows the server’s refusal of the code request, or the missing token', async () => {
    const refused = SignUpModel.create({}, { http: signUpServer({ refuse: 'Too many requests.' }).http });
    expect(await refused.submit('ann@example.com', 'x')).toBeNull();
    expect(refused.alert).toMatchObject({ message: 'Too many requests.', key: null });

    const tokenless = SignUpModel.create({}, { http: signUpServer({ token: null }).http });
    expect(await tokenless.submit('ann@example.com', 'x')).toBeNull();
    expect(tokenless.alert).toMatchObject({ message: null, key: 'signUp.error.noToken' });
  });
});
