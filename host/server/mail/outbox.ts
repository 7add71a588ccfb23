import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { MailStatus, OutboxPage } from '@sensorium/core/common';
import {
  jsonParam,
  queryRows,
  type Database,
  type KeyedMailMessage,
  type JobDefinition,
  type Mailer,
  type MailMessage,
  type MailSendOptions,
} from '@sensorium/core/server';
import { mailOutbox } from '../db/schema';
import type { MailTransport } from './smtp-transport';

export const MAIL_JOB_ID = 'core.mail-delivery';
/** A message is given up (status failed) after this many delivery attempts. */
export const MAX_MAIL_ATTEMPTS = 5;
/** Pause before the 2nd, 3rd, 4th and 5th attempt. */
export const MAIL_RETRY_DELAYS_MS = [30_000, 120_000, 480_000, 1_920_000];
/** How long a run may hold a message in `sending` before another run takes it again (a crashed instance). */
const CLAIM_MS = 5 * 60_000;
/** At most this many messages per run; the next run goes on. */
const BATCH = 50;
/**
 * Messages claimed and sent at once: twice the SMTP pool's connections, so the pool stays busy while a slow server
 * still sends each claimed message well within its claim (at most two per connection, each bounded by the timeouts).
 */
const SENDS_AT_ONCE = 6;

/**
 * The outbox behind MailerToken. `send` writes a `mail_outbox` row: `queued` when SMTP is configured (then delivery is
 * kicked at once, and the job every 2 s picks up what is due), `kept` otherwise (readable on Diagnosis > Mailbox).
 * Rows are claimed with SKIP LOCKED, so the kick, the job and other instances never deliver a message twice at once.
 */
export class MailOutbox implements Mailer {
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport | null,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage, options: MailSendOptions = {}): Promise<{ id: string }> {
    const [sent] = await this.sendMany([{ ...message, dedupKey: options.dedupKey }], { tx: options.tx });
    return sent!;
  }

  async sendMany(messages: readonly KeyedMailMessage[], options: Pick<MailSendOptions, 'tx'> = {}): Promise<{ id: string }[]> {
    if (messages.length === 0) return [];
    const { tx = this.db } = options;
    const status: MailStatus = this.transport ? 'queued' : 'kept';
    // Ids are made here so that each message's id is known whatever order the rows come back in.
    const rows = messages.map((message) => ({
      id: randomUUID(),
      recipient: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      dedup_key: message.dedupKey ?? null,
    }));
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO mail_outbox (id, recipient, subject, text_body, html_body, status, dedup_key)
          SELECT x.id, x.recipient, x.subject, x.text_body, x.html_body, ${status}, x.dedup_key
          FROM json_to_recordset(${jsonParam(rows)})
            AS x(id uuid, recipient text, subject text, text_body text, html_body text, dedup_key text)
          ON CONFLICT (dedup_key) DO NOTHING
          RETURNING id`,
    );
    const queued = new Set(inserted.map(({ id }) => id));
    // Only a dedupKey can conflict: the message was queued before, and is not queued again; it answers the first's id.
    const repeatedKeys = rows.filter((row) => !queued.has(row.id)).map((row) => row.dedup_key!);
    const firstIds = new Map<string, string>();
    if (repeatedKeys.length > 0) {
      const firsts = await queryRows<{ id: string; dedup_key: string }>(
        tx,
        sql`SELECT id, dedup_key FROM mail_outbox WHERE dedup_key IN (${sql.join(
          repeatedKeys.map((key) => sql`${key}`),
          sql`, `,
        )})`,
      );
      for (const first of firsts) firstIds.set(first.dedup_key, first.id);
    }
    if (queued.size > 0) this.announce(rows.filter((row) => queued.has(row.id)));
    return rows.map((row) => ({ id: queued.has(row.id) ? row.id : firstIds.get(row.dedup_key!)! }));
  }

  /** What follows queueing: a delivery run with SMTP, a log line per message without it. */
  private announce(queued: readonly { id: string; recipient: string; subject: string }[]): void {
    if (this.transport) {
      // In a caller's transaction the messages show once that commits: PGlite runs the kick after it, and on PostgreSQL
      // a kick that comes too early finds nothing, so the 2-second job delivers them.
      this.kick();
      return;
    }
    for (const { id, recipient, subject } of queued) {
      // The content (codes, reset links) stays out of the log: cloud users read it on the Mailbox page.
      this.log.info(
        { mailId: id, to: recipient, subject },
        'e-mail kept in the outbox (SMTP_URL is not set); cloud users can read it on Diagnosis > Mailbox',
      );
    }
  }

  /** One page of the outbox, newest first (the mailbox plugin's Diagnosis > Mailbox). */
  async listOutbox(page: { limit: number; offset: number }): Promise<OutboxPage> {
    const [{ total } = { total: 0 }] = await this.db.select({ total: count() }).from(mailOutbox);
    const rows = await this.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(page.limit)
      .offset(page.offset);
    return {
      total,
      messages: rows.map((row) => ({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        status: row.status,
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        text: row.textBody,
        html: row.htmlBody,
      })),
    };
  }

  /** Starts a delivery run now, without waiting for the job's next tick. */
  kick(): void {
    if (this.closed || !this.transport) return;
    const run = this.deliverDue()
      .catch((error: unknown) => {
        if (!this.closed) this.log.error({ err: error }, 'e-mail delivery failed');
      })
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Delivers the messages that are due; answers how many were attempted. */
  async deliverDue(): Promise<number> {
    const transport = this.transport;
    if (!transport) return 0;
    // A run that died while sending its last allowed attempt leaves the message failed.
    await this.db
      .update(mailOutbox)
      .set({ status: 'failed', lastError: sql`coalesce(${mailOutbox.lastError}, 'delivery interrupted')` })
      .where(
        and(
          eq(mailOutbox.status, 'sending'),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          gte(mailOutbox.attempts, MAX_MAIL_ATTEMPTS),
        ),
      );
    let attempted = 0;
    while (attempted < BATCH && !this.closed) {
      const claimed = await this.claimDue(Math.min(SENDS_AT_ONCE, BATCH - attempted));
      if (claimed.length === 0) break;
      attempted += claimed.length;
      const delivered = await Promise.all(claimed.map((message) => this.attempt(transport, message)));
      const sent = claimed.filter((_, index) => delivered[index]).map((message) => message.id);
      if (sent.length > 0) {
        await this.db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
          .where(inArray(mailOutbox.id, sent));
      }
    }
    return attempted;
  }

  private async claimDue(limit: number) {
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          inArray(mailOutbox.status, ['queued', 'sending']),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_MS / 1000}::double precision)`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  /** Hands `message` to the transport: true once it took it; false after recording the failure and the next try. */
  private async attempt(transport: MailTransport, message: typeof mailOutbox.$inferSelect): Promise<boolean> {
    try {
      await transport.deliver({
        from: this.from,
        to: message.recipient,
        subject: message.subject,
        text: message.textBody,
        ...(message.htmlBody ? { html: message.htmlBody } : {}),
      });
      return true;
    } catch (error) {
      const failed = message.attempts >= MAX_MAIL_ATTEMPTS;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const delayMs = MAIL_RETRY_DELAYS_MS[message.attempts - 1] ?? MAIL_RETRY_DELAYS_MS.at(-1)!;
      await this.db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'queued',
          lastError: reason,
          nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000}::double precision)`,
        })
        .where(eq(mailOutbox.id, message.id));
      this.log.warn(
        { mailId: message.id, attempt: message.attempts, reason },
        failed ? 'e-mail delivery failed for good' : 'e-mail delivery failed; will retry',
      );
      return false;
    }
  }

  /** The job that delivers queued messages every 2 seconds (one instance at a time). */
  job(): JobDefinition {
    return {
      id: MAIL_JOB_ID,
      intervalMs: 2000,
      run: async () => {
        await this.deliverDue();
      },
    };
  }

  /** Waits for running deliveries and closes the SMTP connection pool. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.running]);
    this.transport?.close();
  }
}
