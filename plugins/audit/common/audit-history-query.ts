import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';

export const AUDIT_PAGE_SIZES = [10, 50, 100] as const;

/** Query of GET /audit-history/: one page of the trail, newest first, optionally filtered by a keyword. */
export class AuditHistoryQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset: number = 0;

  @IsOptional()
  @Type(() => Number)
  @IsIn(AUDIT_PAGE_SIZES)
  limit: number = 10;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}
