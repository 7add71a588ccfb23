import { IsInt, Max, Min, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { FromEnv } from '@sensorium/core/server';
import { offsetMinutes } from '../common';

@ValidatorConstraint({ name: 'utcOffset' })
class UtcOffset implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && offsetMinutes(value) !== null;
  }
  defaultMessage(): string {
    return 'must be a UTC offset such as +08:00';
  }
}

/** The audit plugin's settings (docs/configuration.md, docs/audit.md). */
export class AuditConfig {
  /** The UTC offset of the Audit History report: the enquiry's dates and times and the CSV's times (spec: +0800). */
  @FromEnv('SENSORIUM_AUDIT_REPORT_UTC_OFFSET')
  @Validate(UtcOffset)
  reportUtcOffset = '+08:00';

  /** Records older than this many days move to the archive (read with archive=yes). */
  @FromEnv('SENSORIUM_AUDIT_ARCHIVE_DAYS', 'integer')
  @IsInt()
  @Min(1)
  @Max(36500)
  archiveAfterDays = 180;
}
