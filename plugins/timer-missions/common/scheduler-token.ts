import { createToken } from '@sensorium/core/common';

/** What one scheduler pass did. */
export interface TickSummary {
  sent: number;
  failed: number;
  skipped: number;
}

/**
 * The timer-missions scheduler (docs/timer-missions.md): the host runs `tick` every few seconds; tests call it with
 * their own clock.
 */
export interface TimerScheduler {
  tick(now?: Date): Promise<TickSummary>;
}
export const TimerSchedulerToken = createToken<TimerScheduler>('timer-missions.scheduler');
