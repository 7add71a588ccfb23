import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { BooleanFlags, NestedInput, NestedInputList, Nullable, Trim } from '@sensorium/core/common';
import { isKnownTimeZone } from './schedule';
import {
  ACTION_TYPES,
  REPEAT_FLAGS,
  type ActionType,
  type DateParts,
  type MissionAction,
  type MissionTimeSlot,
  type ScheduleSettings,
  type TimeParts,
  type TimerMissionSettings,
} from './types';

export const MISSION_NAME_MAX_LENGTH = 100;
export const MISSION_DESC_MAX_LENGTH = 500;
export const MAX_ACTIONS = 20;
export const MAX_TIME_SLOTS = 20;
export const MAX_SKIP_DATES = 366;
export const MAX_HOLIDAYS = 1000;
/** The largest .ics text the import takes (a year of a country's holidays is a few kilobytes). */
export const MAX_ICS_LENGTH = 500_000;
const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

@ValidatorConstraint({ name: 'timeZone' })
class KnownTimeZone implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isKnownTimeZone(value);
  }
  defaultMessage(): string {
    return 'timer-missions.validation.timeZone';
  }
}

export class DatePartsInput implements DateParts {
  @IsInt()
  @Min(1970)
  @Max(9999)
  year!: number;

  @IsInt()
  @Min(1)
  @Max(12)
  month!: number;

  @IsInt()
  @Min(1)
  @Max(31)
  day!: number;
}

export class TimePartsInput implements TimeParts {
  @IsInt()
  @Min(0)
  @Max(23)
  hour!: number;

  @IsInt()
  @Min(0)
  @Max(59)
  minute!: number;

  @IsInt()
  @Min(0)
  @Max(59)
  second!: number;
}

export class MissionActionInput implements MissionAction {
  @IsIn(ACTION_TYPES)
  actionType!: ActionType;

  @IsString()
  @MaxLength(200)
  deviceName!: string;

  @IsString()
  @MaxLength(200)
  commandId!: string;
}

export class MissionTimeSlotInput implements MissionTimeSlot {
  @IsBoolean()
  isAlwaysEffective!: boolean;

  @NestedInput(() => DatePartsInput)
  effectiveDate!: DatePartsInput;

  @NestedInput(() => DatePartsInput)
  untilDate!: DatePartsInput;

  @NestedInput(() => TimePartsInput)
  startTime!: TimePartsInput;

  @NestedInput(() => TimePartsInput)
  endTime!: TimePartsInput;

  @BooleanFlags(REPEAT_FLAGS)
  repeatOn!: boolean[];

  @Nullable()
  @NestedInputList(() => DatePartsInput, MAX_SKIP_DATES)
  skipDate!: DatePartsInput[] | null;
}

/** The setting of create, update and validate (accounts spec §3); completeness is checked by validateMission. */
export class TimerMissionInput implements TimerMissionSettings {
  @Trim()
  @IsString()
  @MaxLength(MISSION_NAME_MAX_LENGTH)
  missionName!: string;

  @IsString()
  @MaxLength(MISSION_DESC_MAX_LENGTH)
  desc!: string;

  @IsBoolean()
  isEnabled!: boolean;

  @NestedInputList(() => MissionActionInput, MAX_ACTIONS)
  actions!: MissionActionInput[];

  @NestedInputList(() => MissionTimeSlotInput, MAX_TIME_SLOTS)
  timeslots!: MissionTimeSlotInput[];
}

/** POST …/validate/{id}: the setting, and whether it must be complete (create and save) or may be half-filled (editing). */
export class ValidateMissionInput {
  @NestedInput(() => TimerMissionInput)
  timerMission!: TimerMissionInput;

  @IsBoolean()
  checkComplete!: boolean;
}

export class SwitchMissionInput {
  @IsBoolean()
  isEnabled!: boolean;
}

export class ScheduleSettingsInput implements ScheduleSettings {
  @IsString()
  @Validate(KnownTimeZone)
  timeZone!: string;

  @IsArray()
  @ArrayMaxSize(MAX_HOLIDAYS)
  @Matches(DAY_KEY, { each: true, message: 'validation.isDateString' })
  holidays!: string[];
}

/** An iCalendar file's text; its events' days become holidays. */
export class IcsImportInput {
  @IsString()
  @MaxLength(MAX_ICS_LENGTH)
  ics!: string;
}

export class MissionAppParams {
  @IsString()
  appId!: string;
}

export class MissionParams {
  @IsString()
  appId!: string;

  @IsUUID()
  id!: string;
}

/** validate/{id}: a saved mission's id, or `new`. */
export class ValidateParams {
  @IsString()
  appId!: string;

  @IsString()
  @MaxLength(64)
  id!: string;
}
