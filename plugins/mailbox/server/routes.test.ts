import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailerToken } from '@sensorium/core/server';
import { databaseBackends, startTestServer, type TestServer } from '../../../host/server/testing';
import mailbox from './index';

describe.each(databaseBackends())('the mailbox route over the outbox without SMTP on %s', (backend) => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, plugins: [mailbox] });
    adminToken = (await server.login()).access_token;
  });
  afterAll(() => server?.close());

  it('keeps messages in the outbox and lists them, newest first, for cloud users', async () => {
    const mailer = server.running.container.resolve(MailerToken);
    await mailer.send({ to: 'first@example.com', subject: 'First', text: 'Your code is 123456.' });
    const { id } = await mailer.send({ to: 'second@example.com', subject: 'Second', text: 'Hello', html: '<p>Hello</p>' });
    const response = await server.request('GET', '/api/mailbox?offset=0&limit=1', { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(2);
    expect(response.body.messages).toEqual([
      expect.objectContaining({
        id,
        to: 'second@example.com',
        subject: 'Second',
        status: 'kept',
        attempts: 0,
        text: 'Hello',
        html: '<p>Hello</p>',
        sentAt: null,
      }),
    ]);
    const next = await server.request('GET', '/api/mailbox?offset=1&limit=1', { token: adminToken });
    expect(next.body.messages[0]).toMatchObject({ to: 'first@example.com', text: 'Your code is 123456.', status: 'kept' });
  });

  it('refuses the mailbox to users below cloud level and to anonymous callers', async () => {
    await server.createUser({
      username: 'integrator',
      password: 'integrator-pw',
      level: 'si-customer',
      permissions: ['useredit'],
    });
    const { access_token } = await server.login('integrator', 'integrator-pw');
    expect((await server.request('GET', '/api/mailbox', { token: access_token })).status).toBe(403);
    expect((await server.request('GET', '/api/mailbox')).status).toBe(401);
    expect((await server.request('GET', '/api/mailbox?limit=1000', { token: adminToken })).status).toBe(400);
  });
});
