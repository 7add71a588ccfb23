import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../host/server/testing';
import applications from '../../applications/server';
import account from './index';

describe('sign-up without the sign-up licence', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ licences: 'iot', plugins: [applications, account] });
  });
  afterAll(() => server?.close());

  it('has no sign-up calls, but password recovery still works', async () => {
    const body = { email: 'someone@example.com', password: 'a-good-password', purpose: 'signup' };
    expect((await server.request('POST', '/api/otp/signup/request', { body })).status).toBe(404);
    expect((await server.request('POST', '/api/user/forgot-password', { body: { email: 'x@example.com' } })).status).toBe(200);
  });
});
