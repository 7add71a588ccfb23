import { count, desc } from 'drizzle-orm';
import { defineRoute, HttpError, OffsetPageQuery, type Database } from '@sensorium/core/server';
import { mailOutbox } from '../db/schema';

export class MailboxQuery extends OffsetPageQuery {
  override limit: number = 20;
}

const messageSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    to: { type: 'string' },
    subject: { type: 'string' },
    status: { type: 'string', enum: ['queued', 'sending', 'sent', 'failed', 'kept'] },
    attempts: { type: 'integer' },
    lastError: { type: 'string', nullable: true },
    createdAt: { type: 'string', format: 'date-time' },
    sentAt: { type: 'string', format: 'date-time', nullable: true },
    text: { type: 'string' },
    html: { type: 'string', nullable: true },
  },
};

/** GET /api/mailbox: the outbox, newest first, for cloud users (Diagnosis > Mailbox). */
export function mailboxRoute(db: Database) {
  return defineRoute<unknown, MailboxQuery>({
    method: 'GET',
    url: '/mailbox',
    summary: 'The e-mail outbox, newest first: recipient, subject, delivery status and text (cloud users only)',
    query: MailboxQuery,
    response: {
      type: 'object',
      properties: { total: { type: 'integer' }, messages: { type: 'array', items: messageSchema } },
    },
    async handler({ query, user }) {
      if (user.level !== 'cloud') throw HttpError.forbidden();
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(mailOutbox);
      const rows = await db
        .select()
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(query.limit)
        .offset(query.offset);
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
    },
  });
}
