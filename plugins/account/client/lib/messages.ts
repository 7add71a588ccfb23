/**
 * Which text a failure of the account flows shows (accounts spec §8). `message` is the server's translated text;
 * the returned `key` is an i18n key under `account.` used when there is no server text to show.
 */
export type FailureText = { message: string } | { key: string };

/** Verification of the e-mail code: a thrown call. A 429 (too many wrong codes) says how long to wait. */
export function verificationFailure(status: number | null, message: string | null): FailureText {
  if (status === 400) return message ? { message } : { key: 'verification.error.badRequest' };
  if (status === 429 && message) return { message };
  return { key: 'verification.error.other' };
}

/** Verification answered { success: false }. */
export function verificationUnsuccessful(message: string | null | undefined): FailureText {
  return message ? { message } : { key: 'verification.error.unsuccessful' };
}

/** Account creation: a thrown call. */
export function accountCreationFailure(status: number | null): FailureText {
  switch (status) {
    case 400:
    case 403:
      return { key: 'company.error.unverified' };
    case 409:
      return { key: 'company.error.exists' };
    case 500:
      return { key: 'company.error.server' };
    default:
      return { key: 'company.error.other' };
  }
}

/** Account creation answered { success: false }. */
export function accountCreationUnsuccessful(message: string | null | undefined): FailureText {
  return message ? { message } : { key: 'company.error.failed' };
}

/** The sign-up OTP request failed: the server's message, else the generic text. */
export function signupRequestFailure(message: string | null): FailureText {
  return message ? { message } : { key: 'signUp.error.requestFailed' };
}
