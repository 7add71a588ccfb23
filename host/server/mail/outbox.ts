import type { FastifyBaseLogger } from 'fastify';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { MailStatus, OutboxPage } from '@sensorium/core/common';
import {
  queryRows,
  type Database,
  type JobDefinition,
  type Mailer,
  type MailMessage,
  type MailSendOptions,
} from '@sensorium/core/server';
import { mailOutbox } from '../db/schema';

/** How a claimed message leaves the server; nodemailer over SMTP in production. */
export interface MailTransport {
  deliver(message: MailMessage & { from: string }): Promise<void>;
  close(): void;
}

/**
 * nodemailer's SMTP transport for an smtp:// or smtps:// URL (its query string may set further nodemailer options).
 * The timeouts keep a stalled server from holding a message past its claim, after which another run would send it again.
 * Pooled: a burst of alarm e-mails reuses a few open connections instead of a TCP (and TLS) handshake and greeting each.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    async deliver(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

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
    const { dedupKey = null, tx = this.db } = options;
    const status: MailStatus = this.transport ? 'queued' : 'kept';
    const [inserted] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO mail_outbox (recipient, subject, text_body, html_body, status, dedup_key)
          VALUES (${message.to}, ${message.subject}, ${message.text}, ${message.html ?? null}, ${status}, ${dedupKey})
          ON CONFLICT (dedup_key) DO NOTHING
          RETURNING id`,
    );
    if (!inserted) {
      // Only a dedupKey can conflict: the message was queued before, and is not queued again.
      const [first] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM mail_outbox WHERE dedup_key = ${dedupKey}`);
      return { id: first!.id };
    }
    const id = inserted.id;
    if (this.transport) {
      // In a caller's transaction the message shows once that commits: PGlite runs the kick after it, and on PostgreSQL
      // a kick that comes too early finds nothing, so the 2-second job delivers it.
      this.kick();
    } else {
      // The content (codes, reset links) stays out of the log: cloud users read it on the Mailbox page.
      this.log.info(
        { mailId: id, to: message.to, subject: message.subject },
        'e-mail kept in the outbox (SMTP_URL is not set); cloud users can read it on Diagnosis > Mailbox',
      );
    }
    return { id };
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
    // One message at a time, so a slow server never keeps a claimed message waiting past its claim.
    while (attempted < BATCH && !this.closed) {
      const message = await this.claimNext();
      if (!message) break;
      attempted++;
      await this.attempt(transport, message);
    }
    return attempted;
  }

  private async claimNext() {
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
      .limit(1)
      .for('update', { skipLocked: true });
    const [claimed] = await this.db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_MS / 1000}::double precision)`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
    return claimed ?? null;
  }

  private async attempt(transport: MailTransport, message: typeof mailOutbox.$inferSelect): Promise<void> {
    try {
      await transport.deliver({
        from: this.from,
        to: message.recipient,
        subject: message.subject,
        text: message.textBody,
        ...(message.htmlBody ? { html: message.htmlBody } : {}),
      });
      await this.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
        .where(eq(mailOutbox.id, message.id));
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
