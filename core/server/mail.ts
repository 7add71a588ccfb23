import { createToken, type OutboxPage } from '@sensorium/core/common';
import type { SqlExecutor } from './sql-rows';

/** One e-mail. `text` is always sent; `html` is an optional alternative part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailSendOptions {
  /**
   * At most one message per key, ever: a second send with the same key queues nothing and answers the first message's
   * id (a retried job that sends "its" e-mail again, keyed by its own delivery id).
   */
  dedupKey?: string;
  /** Writes the message in the caller's transaction: it is queued once that commits and not at all if it rolls back. */
  tx?: SqlExecutor;
}

/**
 * Outgoing e-mail. `send` only writes the message to the outbox (core's table `mail_outbox`) and answers its id; a
 * core job delivers it over SMTP (SMTP_URL) with retries. Without SMTP_URL the message is kept in the outbox, which
 * `listOutbox` reads for the mailbox plugin (Diagnosis > Mailbox, cloud users only).
 */
/** One message of `sendMany`, with its own dedup key. */
export interface KeyedMailMessage extends MailMessage {
  dedupKey?: string;
}

export interface Mailer {
  send(message: MailMessage, options?: MailSendOptions): Promise<{ id: string }>;
  /** Several messages with one statement (a burst of alarm e-mails), as `send` each would; answers their ids in order. */
  sendMany(messages: readonly KeyedMailMessage[], options?: Pick<MailSendOptions, 'tx'>): Promise<{ id: string }[]>;
  listOutbox(page: { limit: number; offset: number }): Promise<OutboxPage>;
}
export const MailerToken = createToken<Mailer>('core.mailer');
