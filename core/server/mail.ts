import { createToken, type OutboxPage } from '@sensorium/core/common';

/** One e-mail. `text` is always sent; `html` is an optional alternative part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
