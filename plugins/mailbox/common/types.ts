/** Delivery state of a message: `kept` is stored without SMTP; `failed` was given up after the last retry. */
export type MailboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'kept';
export const MAILBOX_STATUSES: readonly MailboxStatus[] = ['queued', 'sending', 'sent', 'failed', 'kept'];

/** A message of GET /api/mailbox. */
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  status: MailboxStatus;
  attempts: number;
  lastError: string | null;
  /** ISO dates. */
  createdAt: string;
  sentAt: string | null;
  text: string;
  html: string | null;
}

/** GET /api/mailbox: one page, newest first, and how many messages the outbox holds. */
export interface MailboxPage {
  total: number;
  messages: MailboxMessage[];
}

/** Messages per page of Diagnosis > Mailbox (and the route's default). */
export const MAILBOX_PAGE_SIZE = 20;
