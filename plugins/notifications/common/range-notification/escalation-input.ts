import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import type { NotificationEscalation } from '@sensorium/nodes/common';

/** Whole minutes from 1 to a day between escalation rounds, 0 to 100 repeats. */
export const ESCALATION_LIMITS = { everyMinutes: [1, 1440], repeats: [0, 100] } as const;

/**
 * A Notification Setting's escalation: the one set of rules for ranges (through escalationProblems) and for the
 * event-settings rules' notification action (nested in their NotificationInput).
 */
export class EscalationInput implements NotificationEscalation {
  @IsBoolean()
  enable!: boolean;

  @Max(ESCALATION_LIMITS.everyMinutes[1])
  @Min(ESCALATION_LIMITS.everyMinutes[0])
  @IsInt()
  everyMinutes!: number;

  @Max(ESCALATION_LIMITS.repeats[1])
  @Min(ESCALATION_LIMITS.repeats[0])
  @IsInt()
  repeats!: number;

  @IsBoolean()
  nextPriority!: boolean;
}
