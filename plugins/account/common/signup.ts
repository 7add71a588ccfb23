import { Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsUsablePassword, type UserLevel } from '@sensorium/core/common';

/** Sign-up e-mail format (spec §5): a local part, @, a domain and a top-level domain of at least 2 letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
export const MIN_PASSWORD_LENGTH = 8;
export const SIGNUP_CODE_LENGTH = 6;
/** Seconds the server makes a user wait between two codes. */
export const RESEND_COOLDOWN_SECONDS = 30;
/** Wrong codes allowed before a code stops working. */
export const MAX_CODE_TRIES = 5;

/** Company roles of the company-information step and the level each gives (spec §3); anything else is end-customer. */
export const COMPANY_ROLES = ['org_gov', 'system_integrator', 'end_user'] as const;
export const COMPANY_SIZES = ['size_lt_10', 'size_10_49', 'size_50_249', 'size_gt_250'] as const;

export function levelForRole(role: string): Extract<UserLevel, 'si-customer' | 'end-customer'> {
  return role === 'org_gov' || role === 'system_integrator' ? 'si-customer' : 'end-customer';
}

/** Sign-up e-mails and usernames are compared and stored trimmed and in lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** A required, non-empty text of at most `max` characters (the same rules, in the same order, as writing the three). */
function RequiredText(max: number): PropertyDecorator {
  // Decorators apply bottom-up: @IsString() @IsNotEmpty() @MaxLength(max) registers MaxLength first.
  return (target, key) => {
    MaxLength(max)(target, key);
    IsNotEmpty()(target, key);
    IsString()(target, key);
  };
}

/** POST /otp/signup/request */
export class SignupOtpRequestInput {
  @RequiredText(254)
  email!: string;

  // The login form takes at most 20 characters (accounts spec §5), so no longer password can be chosen.
  @RequiredText(20)
  @IsUsablePassword()
  password!: string;

  @IsOptional()
  @IsIn(['signup'])
  purpose?: 'signup';
}

/** POST /otp/signup/verify */
export class SignupOtpVerifyInput {
  @RequiredText(254)
  email!: string;

  @RequiredText(100)
  token!: string;

  @IsString()
  @Matches(/^\d{6}$/)
  pinCode!: string;
}

/** POST /otp/signup/resend: the token names the pending sign-up; without it, the newest one of the e-mail. */
export class SignupOtpResendInput {
  @RequiredText(254)
  email!: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  token?: string;
}

/**
 * POST /user/complete-signup and POST /user/create. `level` is accepted but the role decides it. `proof` is what the
 * verify step answered: it names the verified sign-up, so nobody else can complete it.
 */
export class CompleteSignupInput {
  @RequiredText(254)
  email!: string;

  @RequiredText(100)
  proof!: string;

  @RequiredText(200)
  companyName!: string;

  @RequiredText(50)
  companySize!: string;

  @RequiredText(50)
  companyRole!: string;

  @IsOptional()
  @IsString()
  @MaxLength(50)
  level?: string;
}

/** GET /user/usernames/availability */
export class UsernameAvailabilityQuery {
  @RequiredText(254)
  username!: string;
}

/** POST /user/forgot-password */
export class ForgotPasswordInput {
  @RequiredText(254)
  email!: string;
}

/** POST /user/reset-password */
export class ResetPasswordInput {
  @RequiredText(254)
  email!: string;

  @RequiredText(100)
  token!: string;

  @RequiredText(20)
  @IsUsablePassword()
  newPassword!: string;
}

/** Path parameter of the token checks. */
export class TokenParams {
  @Type(() => String)
  @RequiredText(100)
  token!: string;
}
