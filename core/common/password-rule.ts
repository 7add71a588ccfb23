import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * Common passwords, lower-cased. The server installs its list at start-up (host/server/auth/common-passwords.ts), so the
 * list stays out of the console's bundle: the browser checks blanks only and the server has the last word.
 */
let commonPasswords: ReadonlySet<string> = new Set();
export function setCommonPasswords(list: Iterable<string>): void {
  commonPasswords = new Set(Array.from(list, (entry) => entry.toLowerCase()));
}
function isCommonPassword(password: string): boolean {
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
