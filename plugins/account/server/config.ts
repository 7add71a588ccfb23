import { IsInt, Max, Min } from 'class-validator';
import { FromEnv } from '@sensorium/core/server';

/** The account plugin's own settings (docs/configuration.md). */
export class AccountConfig {
  /** How long a password-reset link is valid, in minutes. */
  @FromEnv('SENSORIUM_RESET_TOKEN_MINUTES', 'integer')
  @IsInt()
  @Min(1)
  @Max(10080)
  resetTokenMinutes = 30;
}
