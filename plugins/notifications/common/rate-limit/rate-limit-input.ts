import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

/** At most `maxSent` messages to one contact on one channel within `windowMinutes` (docs/alarm-loop.md). */
export interface RateLimit {
  maxSent: number;
  windowMinutes: number;
}

/** What an organisation without a limit of its own gets (docs/design/alarm-loop.md §4). */
export const DEFAULT_RATE_LIMIT: RateLimit = { maxSent: 6, windowMinutes: 10 };
export const RATE_LIMIT_BOUNDS = { maxSent: [1, 1000], windowMinutes: [1, 1440] } as const;

/** PUT /notifications/rate-limit: the organisation's own limit, checked by the server and the settings form alike. */
export class RateLimitInput implements RateLimit {
  @Type(() => Number)
  @IsInt()
  @Min(RATE_LIMIT_BOUNDS.maxSent[0])
  @Max(RATE_LIMIT_BOUNDS.maxSent[1])
  maxSent!: number;

  @Type(() => Number)
  @IsInt()
  @Min(RATE_LIMIT_BOUNDS.windowMinutes[0])
  @Max(RATE_LIMIT_BOUNDS.windowMinutes[1])
  windowMinutes!: number;
}

/** GET/PUT /notifications/rate-limit's answer: the limit in force and whether it is the organisation's own. */
export interface RateLimitAnswer extends RateLimit {
  /** The organisation it applies to; null for a cloud user naming none (then the default is shown). */
  organisationId: string | null;
  own: boolean;
}
