import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { describeFailure, pageAfterLogin } from './account-api';

describe('after login', () => {
  it('goes to the default page of the login answer, else /home', () => {
    expect(pageAfterLogin({ loginInfo: { defaultPage: '/app/all/dashboard/main' } })).toBe('/app/all/dashboard/main');
    expect(pageAfterLogin({ loginInfo: { defaultPage: 'application/application-list' } })).toBe('/application/application-list');
    expect(pageAfterLogin({ loginInfo: { defaultPage: '' } })).toBe('/home');
    expect(pageAfterLogin({})).toBe('/home');
  });
});

describe('failures', () => {
  it('reads the status and the server message of a refused call', async () => {
    const body = { statusCode: 409, error: 'Conflict', code: 'x', message: 'An account with this email already exists.' };
    const request = new Request('http://localhost/api/user/complete-signup', { method: 'POST' });
    const response = new Response(JSON.stringify(body), { status: 409, headers: { 'content-type': 'application/json' } });
    const error = new HTTPError(response, request, {} as never);
    expect(await describeFailure(error)).toEqual({ status: 409, message: 'An account with this email already exists.' });
  });

  it('has neither for a network failure', async () => {
    expect(await describeFailure(new TypeError('Failed to fetch'))).toEqual({ status: null, message: null });
  });
});
