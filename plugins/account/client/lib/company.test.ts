import { describe, expect, it } from 'vitest';
import { completeSignupPayload, isCompanyInfoComplete, levelOfRole } from './company';
import {
  markUserCreated,
  readCompanyInfoDraft,
  readVerifiedSignup,
  saveCompanyInfoDraft,
  saveVerifiedSignup,
} from './session-keys';
import { accountCreationFailure, accountCreationUnsuccessful, verificationFailure, verificationUnsuccessful } from './messages';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

describe('company information', () => {
  it('maps roles to levels, unknown roles to end-customer', () => {
    expect(levelOfRole('org_gov')).toBe('si-customer');
    expect(levelOfRole('system_integrator')).toBe('si-customer');
    expect(levelOfRole('end_user')).toBe('end-customer');
    expect(levelOfRole('astronaut')).toBe('end-customer');
  });

  it('requires role, size and a non-blank name', () => {
    expect(isCompanyInfoComplete({ companyRole: 'org_gov', companySize: 'size_lt_10', companyName: 'Acme' })).toBe(true);
    expect(isCompanyInfoComplete({ companyRole: '', companySize: 'size_lt_10', companyName: 'Acme' })).toBe(false);
    expect(isCompanyInfoComplete({ companyRole: 'org_gov', companySize: '', companyName: 'Acme' })).toBe(false);
    expect(isCompanyInfoComplete({ companyRole: 'org_gov', companySize: 'size_lt_10', companyName: '  ' })).toBe(false);
  });

  it('builds the complete-signup payload with the proof and the level of the role', () => {
    expect(
      completeSignupPayload(
        { email: 'ann@example.com', proof: 'proof-of-ann' },
        { companyRole: 'end_user', companySize: 'size_10_49', companyName: ' Acme ' },
      ),
    ).toEqual({
      email: 'ann@example.com',
      proof: 'proof-of-ann',
      companyName: 'Acme',
      companySize: 'size_10_49',
      companyRole: 'end_user',
      level: 'end-customer',
    });
  });
});

describe('sign-up session storage', () => {
  it('keeps verifiedEmail, its proof and the company draft until the account is created', () => {
    const store = memoryStorage();
    expect(readVerifiedSignup(store)).toBeNull();
    store.setItem('verifiedEmail', 'ann@example.com');
    expect(readVerifiedSignup(store)).toBeNull();
    saveVerifiedSignup({ email: 'ann@example.com', proof: 'proof-of-ann' }, store);
    saveCompanyInfoDraft({ companyRole: 'org_gov', companySize: '', companyName: 'Acme' }, store);
    expect(readVerifiedSignup(store)).toEqual({ email: 'ann@example.com', proof: 'proof-of-ann' });
    expect(readCompanyInfoDraft(store)).toEqual({ companyRole: 'org_gov', companySize: '', companyName: 'Acme' });
    markUserCreated(store);
    expect([...store.values.entries()]).toEqual([['userCreated', 'true']]);
    expect(readCompanyInfoDraft(store)).toEqual({});
  });
});

describe('failure texts', () => {
  it('verification: a 400 or 429 shows the server text, else the catalogue text', () => {
    expect(verificationFailure(400, 'Invalid verification code')).toEqual({ message: 'Invalid verification code' });
    expect(verificationFailure(400, null)).toEqual({ key: 'verification.error.badRequest' });
    expect(verificationFailure(500, 'boom')).toEqual({ key: 'verification.error.other' });
    const wait = 'Too many failed attempts. Please try again in 30 seconds.';
    expect(verificationFailure(429, wait)).toEqual({ message: wait });
    expect(verificationFailure(null, null)).toEqual({ key: 'verification.error.other' });
    expect(verificationUnsuccessful('Code expired')).toEqual({ message: 'Code expired' });
    expect(verificationUnsuccessful(undefined)).toEqual({ key: 'verification.error.unsuccessful' });
  });

  it('account creation: 400, 409, 500 and other', () => {
    expect(accountCreationFailure(400)).toEqual({ key: 'company.error.unverified' });
    expect(accountCreationFailure(403)).toEqual({ key: 'company.error.unverified' });
    expect(accountCreationFailure(409)).toEqual({ key: 'company.error.exists' });
    expect(accountCreationFailure(500)).toEqual({ key: 'company.error.server' });
    expect(accountCreationFailure(null)).toEqual({ key: 'company.error.other' });
    expect(accountCreationUnsuccessful('')).toEqual({ key: 'company.error.failed' });
    expect(accountCreationUnsuccessful('No')).toEqual({ message: 'No' });
  });
});
