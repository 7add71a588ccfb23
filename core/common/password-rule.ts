import { dictionary } from '@zxcvbn-ts/language-common';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/** The common-password list zxcvbn-ts maintains (about 50,000 leaked passwords), lower-cased for lookup. */
let commonPasswords: Set<string> | null = null;
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set((dictionary['passwords-common'] as string[]).map((entry) => entry.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/** Every form's minimum: shorter passwords get the form's own length message rather than this rule's. */
const CHECKED_FROM_LENGTH = 8;

/**
 * Why a new password is refused, as an i18n key, or null when it may be used: one made only of spaces, or one of the
 * passwords attackers try first. Length limits stay with each form.
 */
export function passwordProblem(password: string): string | null {
  if (password.length > 0 && password.trim() === '') return 'validation.passwordBlank';
  if (password.length < CHECKED_FROM_LENGTH) return null;
  if (isCommonPassword(password) || isCommonPassword(password.trim())) return 'validation.passwordCommon';
  return null;
}

/** For every field where a user chooses a password (sign-up, reset, create, admin reset, my account). */
export function IsUsablePassword(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isUsablePassword',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || passwordProblem(value) === null,
        defaultMessage: (args) =>
          typeof args?.value === 'string' ? (passwordProblem(args.value) ?? 'validation.passwordCommon') : '',
      },
    },
    options,
  );
}
