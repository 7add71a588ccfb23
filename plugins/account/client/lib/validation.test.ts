import { describe, expect, it } from 'vitest';
import { canSubmitLogin, hasErrors, isValidEmail, validateEmail, validateReset, validateSignUp } from './validation';

describe('e-mail format', () => {
  it('needs a local part, @, a domain and a top-level domain of at least 2 letters', () => {
    expect(isValidEmail('ann@example.com')).toBe(true);
    expect(isValidEmail('ann.lee+iot@mail.example.hk')).toBe(true);
    expect(isValidEmail('ann@example.c')).toBe(false);
    expect(isValidEmail('ann@example')).toBe(false);
    expect(isValidEmail('@example.com')).toBe(false);
    expect(isValidEmail('ann example@example.com')).toBe(false);
    expect(isValidEmail('ann@example.12')).toBe(false);
  });

  it('reports required before the format', () => {
    expect(validateEmail('  ')).toBe('SIGNUP.ERROR.EMAIL_REQUIRED');
    expect(validateEmail('ann@')).toBe('SIGNUP.ERROR.EMAIL_INVALID');
    expect(validateEmail('ann@example.com')).toBeNull();
  });
});

describe('sign-up step 1', () => {
  it('accepts a complete form', () => {
    const errors = validateSignUp({ email: 'ann@example.com', password: 'secret', confirmPassword: 'secret' });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });

  it('requires every field', () => {
    expect(validateSignUp({ email: '', password: '', confirmPassword: '' })).toEqual({
      email: 'SIGNUP.ERROR.EMAIL_REQUIRED',
      password: 'SIGNUP.ERROR.PASSWORD_REQUIRED',
      confirmPassword: 'SIGNUP.ERROR.CONFIRM_PASSWORD_REQUIRED',
    });
  });

  it('needs the confirmation to equal the password', () => {
    const errors = validateSignUp({ email: 'ann@example.com', password: 'secret', confirmPassword: 'secreT' });
    expect(errors).toEqual({ confirmPassword: 'SIGNUP.ERROR.PASSWORDS_NOT_MATCH' });
    expect(hasErrors(errors)).toBe(true);
  });
});

describe('reset password form', () => {
  it('needs at least 8 characters', () => {
    expect(validateReset({ password: '', confirmPassword: '' })).toEqual({
      password: 'RESET.ERROR.PASSWORD_REQUIRED',
      confirmPassword: 'RESET.ERROR.CONFIRM_REQUIRED',
    });
    expect(validateReset({ password: 'short77', confirmPassword: 'short77' })).toEqual({
      password: 'RESET.ERROR.PASSWORD_TOO_SHORT',
    });
    expect(validateReset({ password: 'long-enough', confirmPassword: 'long-enough' })).toEqual({});
  });

  it('needs matching passwords', () => {
    expect(validateReset({ password: 'long-enough', confirmPassword: 'long-enougH' })).toEqual({
      confirmPassword: 'RESET.ERROR.PASSWORDS_NOT_MATCH',
    });
  });
});

describe('login submit', () => {
  it('is disabled while logging in or with a blank username or password', () => {
    expect(canSubmitLogin('admin', 'pw', false)).toBe(true);
    expect(canSubmitLogin('admin', 'pw', true)).toBe(false);
    expect(canSubmitLogin('   ', 'pw', false)).toBe(false);
    expect(canSubmitLogin('admin', '  ', false)).toBe(false);
  });
});
