import { OffsetPageQuery } from '@sensorium/core/server';
import { MAILBOX_PAGE_SIZE } from '../common';

/** Query of GET /api/mailbox: offset and limit (at most 100). */
export class MailboxQuery extends OffsetPageQuery {
  override limit: number = MAILBOX_PAGE_SIZE;
}
