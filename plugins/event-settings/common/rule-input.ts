import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  Validate,
  ValidateNested,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { BooleanFlags, IsNotBlank, NestedInput, NestedInputList, Nullable, Trim } from '@sensorium/core/common';
import { MAX_RANGES, MAX_RANGE_NAME_LENGTH, WEBHOOK_METHODS, validateWebhook, type WebhookMethod } from '@sensorium/nodes/common';
import { EscalationInput } from '@sensorium/notifications/common';
import { MAX_SEVERITY } from './rule';
import type { EventRuleSettings, RuleActions, RuleConditions, RuleNotificationSetting, TimeSlot, ValueRange } from './rule';

const MAX_NAMES = 200;
const MAX_TEMPLATE_LENGTH = 20_000;
/** A day: the longest a value must stay in range before its event opens. */
export const MAX_DURATION_SECONDS = 86_400;
export const MAX_TIME_SLOTS = 20;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** A range needs a bound, and its minimum may not exceed its maximum. */
@ValidatorConstraint({ name: 'rangeBounds' })
class RangeBounds implements ValidatorConstraintInterface {
  validate(_max: unknown, args: ValidationArguments): boolean {
    const { min, max } = args.object as ValueRange;
    if (min === null && max === null) return false;
    return typeof min !== 'number' || typeof max !== 'number' || min <= max;
  }
}

/** Without "all devices", at least one device type, tag or device must be chosen. */
@ValidatorConstraint({ name: 'devicesChosen' })
class DevicesChosen implements ValidatorConstraintInterface {
  validate(_devices: unknown, args: ValidationArguments): boolean {
    const { allDevices, deviceTypes, tags, devices } = args.object as RuleConditions;
    return allDevices || [deviceTypes, tags, devices].some((list) => Array.isArray(list) && list.length > 0);
  }
}

/** Without "resume on any", at least one resume range. */
@ValidatorConstraint({ name: 'resumeRangesChosen' })
class ResumeRangesChosen implements ValidatorConstraintInterface {
  validate(ranges: unknown, args: ValidationArguments): boolean {
    return (args.object as RuleConditions).resumeOnAny || (Array.isArray(ranges) && ranges.length > 0);
  }
}

/** The Webhook dialog's own rules (nodes' validateWebhook) for an enabled webhook, reported on the offending field. */
@ValidatorConstraint({ name: 'webhookRule' })
class WebhookRule implements ValidatorConstraintInterface {
  private problem(args: ValidationArguments) {
    const webhook = args.object as WebhookInput;
    if (!webhook.enable) return undefined;
    return validateWebhook(webhook).find((problem) => problem.field === args.property);
  }
  validate(_value: unknown, args: ValidationArguments): boolean {
    return !this.problem(args);
  }
  defaultMessage(args: ValidationArguments): string {
    return this.problem(args)?.code ?? 'validation.invalid';
  }
}

export class ValueRangeInput implements ValueRange {
  @Nullable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  min!: number | null;

  @Nullable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Validate(RangeBounds, { message: 'event-settings.validation.rangeBounds' })
  max!: number | null;
}

export class RuleConditionsInput implements RuleConditions {
  @IsArray()
  @ArrayMaxSize(MAX_NAMES)
  @IsString({ each: true })
  deviceTypes!: string[];

  @IsArray()
  @ArrayMaxSize(MAX_NAMES)
  @IsString({ each: true })
  tags!: string[];

  @IsArray()
  @ArrayMaxSize(MAX_NAMES)
  @IsString({ each: true })
  @Validate(DevicesChosen, { message: 'event-settings.validation.chooseDevices' })
  devices!: string[];

  @IsBoolean()
  allDevices!: boolean;

  @Trim()
  @IsString()
  @IsNotBlank({ message: 'event-settings.validation.fieldRequired' })
  @MaxLength(200)
  field!: string;

  @IsArray()
  @ArrayMinSize(1, { message: 'event-settings.validation.triggerRanges' })
  @ArrayMaxSize(MAX_RANGES)
  @ValidateNested({ each: true })
  @Type(() => ValueRangeInput)
  triggerRanges!: ValueRangeInput[];

  @NestedInputList(() => ValueRangeInput, MAX_RANGES)
  @Validate(ResumeRangesChosen, { message: 'event-settings.validation.resumeRanges' })
  resumeRanges!: ValueRangeInput[];

  @IsBoolean()
  resumeOnAny!: boolean;

  @IsBoolean()
  requireSameDevice!: boolean;

  @IsInt()
  @Min(0)
  @Max(MAX_DURATION_SECONDS)
  durationSeconds!: number;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  hysteresis!: number;
}

export class TaskActionInput {
  @IsBoolean()
  enable!: boolean;

  @IsString()
  @MaxLength(MAX_NAMES)
  device!: string;

  @IsString()
  @MaxLength(MAX_NAMES)
  commandId!: string;
}

export class TaskInput {
  @NestedInput(() => TaskActionInput)
  taskCreated!: TaskActionInput;

  @NestedInput(() => TaskActionInput)
  taskAcked!: TaskActionInput;

  @NestedInput(() => TaskActionInput)
  taskCleared!: TaskActionInput;
}

export class NotificationInput implements RuleNotificationSetting {
  @IsBoolean()
  smsEnabled!: boolean;

  @IsString()
  @MaxLength(MAX_TEMPLATE_LENGTH)
  smsTemplate!: string;

  @IsBoolean()
  whatsappEnabled!: boolean;

  @IsBoolean()
  emailEnabled!: boolean;

  @IsString()
  @MaxLength(MAX_TEMPLATE_LENGTH)
  emailTemplate!: string;

  @IsBoolean()
  voiceEnabled!: boolean;

  /** The voice flow's trigger message. */
  @IsString()
  @MaxLength(MAX_TEMPLATE_LENGTH)
  voiceTemplate!: string;

  @IsString()
  @MaxLength(MAX_TEMPLATE_LENGTH)
  voiceResumeTemplate!: string;

  @IsBoolean()
  voiceReplyToAck!: boolean;

  @IsString()
  @MaxLength(MAX_TEMPLATE_LENGTH)
  voiceAckMessage!: string;

  @IsInt()
  @Min(5)
  @Max(600)
  voiceCallTimeoutSec!: number;

  @IsArray()
  @ArrayMaxSize(MAX_NAMES)
  @IsString({ each: true })
  departments!: string[];

  /** The range's escalation and its rules (the notifications plugin's EscalationInput). */
  @IsOptional()
  @NestedInput(() => EscalationInput)
  escalation?: EscalationInput;
}

export class WebhookInput {
  @IsBoolean()
  enable!: boolean;

  @IsIn(WEBHOOK_METHODS)
  @Validate(WebhookRule)
  method!: WebhookMethod;

  @IsString()
  @MaxLength(2000)
  @Validate(WebhookRule)
  url!: string;

  @IsString()
  @MaxLength(MAX_TEMPLATE_LENGTH)
  @Validate(WebhookRule)
  headers!: string;

  @IsString()
  @MaxLength(MAX_TEMPLATE_LENGTH)
  @Validate(WebhookRule)
  body!: string;
}

export class RuleActionsInput implements RuleActions {
  @NestedInput(() => TaskInput)
  task!: TaskInput;

  @NestedInput(() => NotificationInput)
  notification!: NotificationInput;

  @NestedInput(() => WebhookInput)
  webhook!: WebhookInput;
}

export class TimeSlotInput implements TimeSlot {
  @IsBoolean()
  always!: boolean;

  @Nullable()
  @Matches(DATE, { message: 'validation.isDateString' })
  beginOn!: string | null;

  @Nullable()
  @Matches(DATE, { message: 'validation.isDateString' })
  until!: string | null;

  @IsBoolean()
  allDay!: boolean;

  @Matches(TIME, { message: 'event-settings.validation.time' })
  startTime!: string;

  @Matches(TIME, { message: 'event-settings.validation.time' })
  endTime!: string;

  @BooleanFlags(7)
  weekdays!: boolean[];
}

/** The body of POST and PUT /system-events-api/:appId/event-settings[/:id]. */
export class EventRuleInput implements EventRuleSettings {
  @Trim()
  @IsString()
  @IsNotBlank({ message: 'event-settings.validation.nameRequired' })
  @MaxLength(MAX_RANGE_NAME_LENGTH)
  name!: string;

  @IsInt()
  @Min(0)
  @Max(MAX_SEVERITY)
  severity!: number;

  @IsString()
  @MaxLength(500)
  description!: string;

  @IsBoolean()
  enabled!: boolean;

  @IsBoolean()
  instantClear!: boolean;

  @IsBoolean()
  autoClear!: boolean;

  @NestedInput(() => RuleConditionsInput)
  conditions!: RuleConditionsInput;

  @NestedInput(() => RuleActionsInput)
  actions!: RuleActionsInput;

  @NestedInputList(() => TimeSlotInput, MAX_TIME_SLOTS)
  timeSlots!: TimeSlotInput[];
}

export class RuleParams {
  @IsString()
  appId!: string;

  @IsUUID()
  id!: string;
}

export class RuleAppParams {
  @IsString()
  appId!: string;
}
