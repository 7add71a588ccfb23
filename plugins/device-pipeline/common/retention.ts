import { IsDefined, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { Nullable } from '@sensorium/core/common';
import { NodeItemParams } from '@sensorium/nodes/common';

/** Retention is counted in whole days, from one day to a hundred years; null keeps the data forever. */
export const RETENTION_MIN_DAYS = 1;
export const RETENTION_MAX_DAYS = 36_500;
/** The i18n key of a number of days out of range (the server's 400 and the forms' own check). */
export const RETENTION_DAYS_MESSAGE = 'device-pipeline.errors.retentionDays';

/**
 * How long an application keeps what its devices send (docs/retention.md): raw data (every uplink as received) and
 * field history (the charts' values). Null keeps them forever, which is also what an application without a setting does.
 */
export interface ApplicationRetention {
  rawDays: number | null;
  historyDays: number | null;
}

export const KEEP_FOREVER: ApplicationRetention = { rawDays: null, historyDays: null };

/** An item's fields' own history retention (days, null: forever) by field; a field not listed keeps its application's. */
export interface ItemRetention {
  application: ApplicationRetention;
  fields: Record<string, number | null>;
}

/** Days of retention, or null for forever. */
function RetentionDays(): PropertyDecorator {
  const rules = [
    IsDefined(),
    Nullable(),
    IsInt({ message: RETENTION_DAYS_MESSAGE }),
    Min(RETENTION_MIN_DAYS, { message: RETENTION_DAYS_MESSAGE }),
    Max(RETENTION_MAX_DAYS, { message: RETENTION_DAYS_MESSAGE }),
  ];
  return (prototype, property) => rules.forEach((rule) => rule(prototype, property));
}

/** Body of PUT /application/{appId}/retention. */
export class ApplicationRetentionInput implements ApplicationRetention {
  @RetentionDays()
  rawDays!: number | null;

  @RetentionDays()
  historyDays!: number | null;
}

/** Body of PUT /node-structure-item/{appId}/items/{uuid}/retention: one field's own history retention. */
export class FieldRetentionInput {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  field!: string;

  @RetentionDays()
  historyDays!: number | null;
}

/** Path of DELETE /node-structure-item/{appId}/items/{uuid}/retention/{field}: the field keeps its application's again. */
export class FieldRetentionParams extends NodeItemParams {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  field!: string;
}

/** Whether a number of days is one a retention setting accepts (the forms check before sending). */
export function isRetentionDays(days: number): boolean {
  return Number.isInteger(days) && days >= RETENTION_MIN_DAYS && days <= RETENTION_MAX_DAYS;
}
