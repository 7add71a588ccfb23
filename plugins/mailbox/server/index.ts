import { defineRoute, defineServerPlugin, MailerToken } from '@sensorium/core/server';
import { MAILBOX_STATUSES, type MailboxPage } from '../common';
import { manifest } from '../manifest';
import { MailboxQuery } from './mailbox-query';

const messageSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    to: { type: 'string' },
    subject: { type: 'string' },
    status: { type: 'string', enum: MAILBOX_STATUSES },
    attempts: { type: 'integer' },
    lastError: { type: 'string', nullable: true },
    createdAt: { type: 'string', format: 'date-time' },
    sentAt: { type: 'string', format: 'date-time', nullable: true },
    text: { type: 'string' },
    html: { type: 'string', nullable: true },
  },
};

/** GET /api/mailbox: core's e-mail outbox, read through the mailer service (the table is core's), for cloud users. */
export default defineServerPlugin({
  manifest,
  deps: { mailer: MailerToken },
  register(context, { mailer }) {
    context.addRoute(
      defineRoute({
        method: 'GET',
        url: '/mailbox',
        summary: 'The e-mail outbox, newest first: recipient, subject, delivery status and text (cloud users only)',
        levels: ['cloud'],
        query: MailboxQuery,
        response: {
          type: 'object',
          properties: { total: { type: 'integer' }, messages: { type: 'array', items: messageSchema } },
        },
        handler: ({ query }): Promise<MailboxPage> => mailer.listOutbox({ limit: query.limit, offset: query.offset }),
      }),
    );
  },
});
