import { createToken } from '@sensorium/core/common';

/** One e-mail. `text` is always sent; `html` is an optional alternative part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** `kept`: stored without SMTP, to be read on Diagnosis > Mailbox; `failed`: given up after the last retry. */
export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'kept';

/** A message of the outbox as the Mailbox page reads it. */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  /** ISO dates. */
  createdAt: string;
  sentAt: string | null;
  text: string;
  html: string | null;
}

/** One page of the outbox, newest first, and how many messages it holds in all. */
export interface OutboxPage {
  total: number;
  messages: OutboxMessage[];
}

/**
 * Outgoing e-mail. `send` only writes the message to the outbox (core's table `mail_outbox`) and answers its id; a
 * core job delivers it over SMTP (SMTP_URL) with retries. Without SMTP_URL the message is kept in the outbox, which
 * `listOutbox` reads for the mailbox plugin (Diagnosis > Mailbox, cloud users only).
 */
export interface Mailer {
  send(message: MailMessage): Promise<{ id: string }>;
  listOutbox(page: { limit: number; offset: number }): Promise<OutboxPage>;
}
export const MailerToken = createToken<Mailer>('core.mailer');
