import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseToken, MailerToken } from '@sensorium/core/server';
import { mailOutbox } from '../db/schema';
import { databaseBackends, startSmtpSink, startTestServer, type SmtpSink, type TestServer } from '../testing';
import { MAX_MAIL_ATTEMPTS, type MailOutbox } from './outbox';

describe.each(databaseBackends())('outbox delivery over SMTP on %s', (backend) => {
  let server: TestServer;
  let sink: SmtpSink;
  const db = () => server.running.container.resolve(DatabaseToken);
  const outbox = () => server.running.container.resolve(MailerToken) as MailOutbox;
  const row = async (id: string) => (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('condition not reached');
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ backend, smtpUrl: sink.url });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('delivers a message at once and marks it sent, with text, HTML and a non-ASCII subject intact', async () => {
    const { id } = await outbox().send({
      to: 'reader@example.com',
      subject: '你的驗證碼',
      text: `Open ${'https://console.example/auth/forgot-password/reset?token='}${'x'.repeat(80)} now`,
      html: '<p>Hello</p>',
    });
    const mail = await sink.waitForMessage('reader@example.com');
    expect(mail.subject).toBe('你的驗證碼');
    expect(mail.text).toContain(`/auth/forgot-password/reset?token=${'x'.repeat(80)} now`);
    expect(mail.html).toBe('<p>Hello</p>');
    expect(mail.from).toBe('no-reply@localhost');
    const sent = await until(
      () => row(id),
      (message) => message.status === 'sent',
    );
    expect(sent).toMatchObject({ attempts: 1, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it('retries a refused message with growing pauses and gives up after five attempts', async () => {
    sink.rejecting = true;
    try {
      const { id } = await outbox().send({ to: 'bounce@example.com', subject: 'Bounce', text: 'No one is here' });
      const first = await until(
        () => row(id),
        (message) => message.attempts === 1 && message.status === 'queued',
      );
      expect(first.lastError).toMatch(/550/);
      // The next attempt waits about 30 seconds.
      const [pause] = await db()
        .select({ seconds: sql<number>`extract(epoch from (${mailOutbox.nextAttemptAt} - now()))::float8` })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, id));
      expect(pause!.seconds).toBeGreaterThan(20);
      expect(pause!.seconds).toBeLessThanOrEqual(30);
      expect(await outbox().deliverDue()).toBe(0);

      for (let attempt = 2; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
        await db()
          .update(mailOutbox)
          .set({ nextAttemptAt: sql`now()` })
          .where(eq(mailOutbox.id, id));
        await outbox().deliverDue();
        expect((await row(id)).attempts).toBe(attempt);
      }
      const failed = await row(id);
      expect(failed).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS, sentAt: null });
      await db()
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(mailOutbox.id, id));
      expect(await outbox().deliverDue()).toBe(0);
      expect(sink.messages.some((message) => message.to.includes('bounce@example.com'))).toBe(false);
    } finally {
      sink.rejecting = false;
    }
  });

  it('delivers a queued message through the job when the server could not', async () => {
    const [queued] = await db()
      .insert(mailOutbox)
      .values({ recipient: 'later@example.com', subject: 'Later', textBody: 'Queued by hand', status: 'queued' })
      .returning();
    const mail = await sink.waitForMessage('later@example.com');
    expect(mail.text.trim()).toBe('Queued by hand');
    await until(
      () => row(queued!.id),
      (message) => message.status === 'sent',
    );
  });

  it('queues one message per dedup key: a second send answers the first and sends nothing more', async () => {
    const message = { to: 'once@example.com', subject: 'Once', text: 'Only one of me' };
    const first = await outbox().send(message, { dedupKey: 'delivery-1' });
    const second = await outbox().send({ ...message, text: 'A retry' }, { dedupKey: 'delivery-1' });
    expect(second.id).toBe(first.id);
    await until(
      () => row(first.id),
      (sent) => sent.status === 'sent',
    );
    expect(await outbox().deliverDue()).toBe(0);
    const received = sink.messages.filter((mail) => mail.to.includes('once@example.com'));
    expect(received.map((mail) => mail.text.trim())).toEqual(['Only one of me']);
  });

  it('queues a burst with one call, ids in order and one per key, and delivers each message once', async () => {
    const burst = Array.from({ length: 9 }, (_, index) => ({
      to: `burst-${index}@example.com`,
      subject: `Burst ${index}`,
      text: `Message ${index}`,
      dedupKey: `burst-${index}`,
    }));
    const ids = await outbox().sendMany(burst);
    // A repeated key among new ones answers the first message's id and queues nothing more.
    const again = await outbox().sendMany([
      { ...burst[4]!, text: 'A retry' },
      { ...burst[0]!, to: 'burst-9@example.com', dedupKey: 'burst-9' },
    ]);
    expect(again[0]).toEqual(ids[4]);
    expect(new Set([...ids, again[1]!].map(({ id }) => id)).size).toBe(10);
    for (const [index, { id }] of ids.entries()) expect((await row(id)).recipient).toBe(`burst-${index}@example.com`);
    await until(
      async () => Promise.all([...ids, again[1]!].map(({ id }) => row(id))),
      (rows) => rows.every((message) => message.status === 'sent'),
    );
    const received = sink.messages.filter((mail) => mail.to.some((to) => to.startsWith('burst-')));
    expect(received.map((mail) => mail.text.trim()).sort()).toEqual([...burst.map(({ text }) => text), 'Message 0'].sort());
  });

  it("queues a message with the caller's transaction: kept when it commits, gone when it rolls back", async () => {
    const count = async (to: string) =>
      (await db().select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.recipient, to))).length;
    await db()
      .transaction(async (tx) => {
        await outbox().send({ to: 'rolled@example.com', subject: 'No', text: 'Never' }, { tx, dedupKey: 'rolled' });
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await count('rolled@example.com')).toBe(0);
    await db().transaction(async (tx) => {
      await outbox().send({ to: 'committed@example.com', subject: 'Yes', text: 'Kept' }, { tx, dedupKey: 'committed' });
    });
    expect(await count('committed@example.com')).toBe(1);
    const mail = await sink.waitForMessage('committed@example.com');
    expect(mail.text.trim()).toBe('Kept');
  });
});
