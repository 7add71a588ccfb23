// The outbox's messages are core's (it keeps the outbox); the mailbox plugin shows them.
export {
  MAIL_STATUSES as MAILBOX_STATUSES,
  type MailStatus as MailboxStatus,
  type OutboxMessage as MailboxMessage,
  type OutboxPage as MailboxPage,
} from '@sensorium/core/common';

/** Messages per page of Diagnosis > Mailbox (and the route's default). */
export const MAILBOX_PAGE_SIZE = 20;
