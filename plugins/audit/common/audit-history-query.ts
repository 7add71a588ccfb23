import { IsIn } from 'class-validator';
import { KeywordPageQuery } from '../../../core/common';

export const AUDIT_PAGE_SIZES = [10, 50, 100] as const;

/** Query of GET /audit-history/: one page of the trail, newest first, optionally filtered by a keyword. */
export class AuditHistoryQuery extends KeywordPageQuery {
  @IsIn(AUDIT_PAGE_SIZES)
  override limit: number = 10;
}
