import { IsIn, IsInt, Max, Min } from 'class-validator';
import { FromEnv } from '@sensorium/core/server';
import type { DeliveryStage } from '../dispatch/deliver-worker';

/** The notifications plugin's own settings (docs/configuration.md). */
export class NotificationsConfig {
  /**
   * How many seconds a minute of the escalation and rate-limit settings lasts. 60 in production; tests shorten it so
   * that "every 1 minute" and "6 per 10 minutes" play out in seconds on real pg-boss timers.
   */
  @FromEnv('SENSORIUM_NOTIFICATIONS_MINUTE_SECONDS', 'integer')
  @IsInt()
  @Min(1)
  @Max(60)
  minuteSeconds = 60;

  /**
   * The restart test's crash point: the process kills itself (SIGKILL, no graceful stop) when a delivery reaches this
   * stage, `claimed` (before the send) or `sent` (before the commit). Empty, the default, in every real deployment.
   */
  @FromEnv('SENSORIUM_NOTIFICATIONS_CRASH_AT')
  @IsIn(['', 'claimed', 'sent'])
  crashAt: '' | DeliveryStage = '';
}
