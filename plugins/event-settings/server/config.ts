import { IsString, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { FromEnv } from '@sensorium/core/server';

/** An IANA time-zone name the runtime knows (Asia/Hong_Kong, UTC…). */
@ValidatorConstraint({ name: 'timeZone' })
class KnownTimeZone implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: String(value) });
      return true;
    } catch {
      return false;
    }
  }
}

/** The event-settings plugin's own settings (docs/configuration.md). */
export class EventSettingsConfig {
  /** The time zone of the rules' time slots; the server's own when unset (applications have none of their own yet). */
  @FromEnv('SENSORIUM_EVENT_SETTINGS_TIME_ZONE')
  @IsString()
  @Validate(KnownTimeZone)
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
}
