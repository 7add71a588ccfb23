/** `kept`: stored without SMTP, to be read on Diagnosis > Mailbox; `failed`: given up after the last retry. */
export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'kept';
export const MAIL_STATUSES: readonly MailStatus[] = ['queued', 'sending', 'sent', 'failed', 'kept'];

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
