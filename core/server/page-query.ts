import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** Query of a paged list: `offset` rows skipped, at most `limit` (≤ 100) returned. Subclasses may change the default size. */
export class OffsetPageQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset: number = 0;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit: number = 10;
}

/** A paged list filtered by a search keyword. */
export class KeywordPageQuery extends OffsetPageQuery {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}
