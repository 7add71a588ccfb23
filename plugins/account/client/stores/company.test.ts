import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../../core/client/testing/fake-api';
import { MemoryStorage } from '../../../../core/client/testing/memory-storage';
import { CompanyModel } from './company';

const info = { companyRole: 'system_integrator', companySize: 'size_10_49', companyName: ' Ann Integration Ltd ' };

describe('CompanyModel', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('sessionStorage', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creates the account of the verified e-mail with its proof and the role’s level, then clears the sign-up state', async () => {
    storage.setItem('verifiedEmail', 'ann@example.com');
    storage.setItem('signupProof', 'proof-of-ann');
    storage.setItem('companyInfo', '{}');
    let sent: unknown;
    const { http } = fakeApi({ 'POST user/complete-signup': ({ body }) => ((sent = body), { success: true }) });
    const company = CompanyModel.create({}, { http });
    expect(await company.submit(info)).toBe('created');
    expect(sent).toEqual({
      email: 'ann@example.com',
      proof: 'proof-of-ann',
      companyName: 'Ann Integration Ltd',
      companySize: 'size_10_49',
      companyRole: 'system_integrator',
      level: 'si-customer',
    });
    expect(['userCreated', 'verifiedEmail', 'signupProof', 'companyInfo'].map((key) => storage.getItem(key))).toEqual([
      'true',
      null,
      null,
      null,
    ]);
  });

  it('says why the account was not created', async () => {
    storage.setItem('verifiedEmail', 'ann@example.com');
    storage.setItem('signupProof', 'proof-of-ann');
    const exists = CompanyModel.create(
      {},
      { http: fakeApi({ 'POST user/complete-signup': () => apiError(409, 'Exists.') }).http },
    );
    expect(await exists.submit(info)).toBe('failed');
    expect(exists.error?.key).toBe('company.error.exists');

    const refused = CompanyModel.create(
      {},
      { http: fakeApi({ 'POST user/complete-signup': () => ({ success: false, message: 'Not now.' }) }).http },
    );
    await refused.submit(info);
    expect(refused.error?.message).toBe('Not now.');
  });

  it('asks to sign up again when the tab lost the verified e-mail or its proof', async () => {
    storage.setItem('verifiedEmail', 'ann@example.com');
    const { http, calls } = fakeApi({});
    const company = CompanyModel.create({}, { http });
    expect(await company.submit(info)).toBe('no-email');
    expect(company.error?.key).toBe('company.error.noVerifiedEmail');
    expect(calls).toHaveLength(0);
  });
});
