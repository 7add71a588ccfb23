import { IsIn } from 'class-validator';
import { KeywordPageQuery } from '@sensorium/core/server';
import { AUDIT_PAGE_SIZES } from '../common';

/** Query of GET /audit-history/: one page of the trail, newest first, optionally filtered by a keyword. */
export class AuditHistoryQuery extends KeywordPageQuery {
  @IsIn(AUDIT_PAGE_SIZES)
  override limit: number = 10;
}
