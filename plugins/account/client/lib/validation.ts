/**
 * Form rules of the account screens (accounts spec §5). Each rule returns an i18n key under `account.` or null;
 * the forms show the keys only after the first submit.
 */

/** Minimum password length (accounts spec §9). */
export const MIN_PASSWORD_LENGTH = 8;
/** Password maximum length (accounts spec §5, §9: 20 at login), applied wherever a password is chosen too. */
export const PASSWORD_MAX_LENGTH = 20;
/**
 * Login username maximum length. The spec says 20, but signing up makes the e-mail address the username, and
 * addresses are longer than that; 254 is the longest address SMTP allows.
 */
export const USERNAME_MAX_LENGTH = 254;

/** A local part, @, a domain and a top-level domain of at least 2 letters. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export const SIGNUP_ERRORS = {
  emailRequired: 'SIGNUP.ERROR.EMAIL_REQUIRED',
  emailInvalid: 'SIGNUP.ERROR.EMAIL_INVALID',
  passwordRequired: 'SIGNUP.ERROR.PASSWORD_REQUIRED',
  confirmPasswordRequired: 'SIGNUP.ERROR.CONFIRM_PASSWORD_REQUIRED',
  passwordsNotMatch: 'SIGNUP.ERROR.PASSWORDS_NOT_MATCH',
  emailExists: 'SIGNUP.ERROR.EMAIL_EXISTS',
  emailNotFound: 'SIGNUP.ERROR.EMAIL_NOT_FOUND',
} as const;

export const RESET_ERRORS = {
  passwordRequired: 'RESET.ERROR.PASSWORD_REQUIRED',
  passwordTooShort: 'RESET.ERROR.PASSWORD_TOO_SHORT',
  confirmRequired: 'RESET.ERROR.CONFIRM_REQUIRED',
  passwordsNotMatch: 'RESET.ERROR.PASSWORDS_NOT_MATCH',
} as const;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** Required, then the e-mail format. */
export function validateEmail(email: string): string | null {
  if (email.trim() === '') return SIGNUP_ERRORS.emailRequired;
  return isValidEmail(email) ? null : SIGNUP_ERRORS.emailInvalid;
}

export interface SignUpForm {
  email: string;
  password: string;
  confirmPassword: string;
}

export type FormErrors<F> = Partial<Record<keyof F, string>>;

/** Sign-up step 1: e-mail required and well-formed, password required, confirmation required and equal. */
export function validateSignUp(form: SignUpForm): FormErrors<SignUpForm> {
  const errors: FormErrors<SignUpForm> = {};
  const email = validateEmail(form.email);
  if (email) errors.email = email;
  if (form.password === '') errors.password = SIGNUP_ERRORS.passwordRequired;
  if (form.confirmPassword === '') errors.confirmPassword = SIGNUP_ERRORS.confirmPasswordRequired;
  else if (form.confirmPassword !== form.password) errors.confirmPassword = SIGNUP_ERRORS.passwordsNotMatch;
  return errors;
}

export interface ResetForm {
  password: string;
  confirmPassword: string;
}

/** Reset password: new password required and at least 8 characters; confirmation required and equal. */
export function validateReset(form: ResetForm): FormErrors<ResetForm> {
  const errors: FormErrors<ResetForm> = {};
  if (form.password === '') errors.password = RESET_ERRORS.passwordRequired;
  else if (form.password.length < MIN_PASSWORD_LENGTH) errors.password = RESET_ERRORS.passwordTooShort;
  if (form.confirmPassword === '') errors.confirmPassword = RESET_ERRORS.confirmRequired;
  else if (form.confirmPassword !== form.password) errors.confirmPassword = RESET_ERRORS.passwordsNotMatch;
  return errors;
}

export function hasErrors<F>(errors: FormErrors<F>): boolean {
  return Object.values(errors).some(Boolean);
}

/** Login submit: disabled while logging in or when the trimmed username or password is empty. */
export function canSubmitLogin(username: string, password: string, busy: boolean): boolean {
  return !busy && username.trim() !== '' && password.trim() !== '';
}
