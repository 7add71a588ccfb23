import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEYS, TokenStore } from '@sensorium/core/client';
import { MemoryStorage } from '../../../../core/client/testing/memory-storage';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import { LoginModel } from './login';

const pair = { access_token: 'access-1', refresh_token: 'refresh-1', token_type: 'Bearer', expires_in: 900 };
const channel = { channelName: 'email', channelContact: 'o***r@example.com' };

function loginServer() {
  return fakeApi({
    'POST auth/login': ({ body }) => {
      const { username, password } = body as { username: string; password: string };
      if (password !== 'secret') return apiError(401, 'Incorrect username or password.');
      if (username === 'otp-user') return { otpFlag: true, otpInfo: { channels: [channel] } };
      return { ...pair, loginInfo: { defaultPage: 'app/all/dashboard/main' } };
    },
    'POST auth/otp/request': () => ({ ...channel, validMinutes: 5 }),
    'POST auth/otp/verify': ({ body }) =>
      (body as { token: string }).token === '123456' ? pair : apiError(400, 'The code is not correct.'),
  });
}

function setup() {
  const local = new MemoryStorage();
  const tokens = new TokenStore(local, new MemoryStorage());
  const session = { loadMe: vi.fn(async () => ({}) as never) };
  const { http, calls } = loginServer();
  return { login: LoginModel.create({}, { http, tokens }), tokens, local, session, calls };
}

describe('LoginModel', () => {
  it('keeps the tokens, loads the session and answers the default page', async () => {
    const { login, tokens, local, session } = setup();
    const result = await login.login({ username: 'admin', password: 'secret', rememberMe: true }, session);
    expect(result).toEqual({ page: '/app/all/dashboard/main' });
    expect(tokens.accessToken).toBe('access-1');
    expect(local.getItem(TOKEN_STORAGE_KEYS.refreshToken)).toBe('refresh-1');
    expect(session.loadMe).toHaveBeenCalledOnce();
  });

  it('keeps the server’s message of a refused login and stays signed out', async () => {
    const { login, tokens, session } = setup();
    expect(await login.login({ username: 'admin', password: 'nope', rememberMe: true }, session)).toBeNull();
    expect(login.request.failure?.message).toBe('Incorrect username or password.');
    expect(tokens.accessToken).toBeNull();
    expect(session.loadMe).not.toHaveBeenCalled();
  });

  it('asks for the second factor: first channel chosen, code requested, a wrong code refused, the right one signs in', async () => {
    const { login, tokens, local, session, calls } = setup();
    expect(await login.login({ username: 'otp-user', password: 'secret', rememberMe: false }, session)).toBe('otp');
    expect(login.otp).toMatchObject({ username: 'otp-user', channelName: 'email', requested: null });
    expect(tokens.accessToken).toBeNull();

    expect(await login.requestOtp()).toBe(true);
    expect(login.otp?.requested).toEqual({ ...channel, validMinutes: 5 });
    expect(await login.verifyOtp('000000', false, session)).toBeNull();
    expect(login.otpFailedStep).toBe('verify');
    expect(login.otpRequest.failure?.message).toBe('The code is not correct.');

    expect(await login.verifyOtp('123456', false, session)).toBe('/home');
    expect(login.otpFailedStep).toBeNull();
    expect(tokens.accessToken).toBe('access-1');
    expect(local.getItem(TOKEN_STORAGE_KEYS.accessToken)).toBeNull();
    expect(calls.filter((call) => call.startsWith('POST auth/otp/verify'))).toHaveLength(2);
  });

  it('forgets the requested code when another channel is chosen, and the whole step on cancel', async () => {
    const { login, session } = setup();
    await login.login({ username: 'otp-user', password: 'secret', rememberMe: false }, session);
    await login.requestOtp();
    login.chooseChannel('sms');
    expect(login.otp).toMatchObject({ channelName: 'sms', requested: null });
    login.cancelOtp();
    expect(login.otp).toBeNull();
  });
});
