import { describe, expect, it } from 'vitest';
import { pageAfterLogin } from './account-api';

describe('after login', () => {
  it('goes to the default page of the login answer, else /home', () => {
    expect(pageAfterLogin({ loginInfo: { defaultPage: '/app/all/dashboard/main' } })).toBe('/app/all/dashboard/main');
    expect(pageAfterLogin({ loginInfo: { defaultPage: 'application/application-list' } })).toBe('/application/application-list');
    expect(pageAfterLogin({ loginInfo: { defaultPage: '' } })).toBe('/home');
    expect(pageAfterLogin({})).toBe('/home');
  });
});
