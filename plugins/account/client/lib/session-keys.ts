import type { CompanyInfo } from './company';

/**
 * sessionStorage keys of the sign-up flow (accounts spec §3), with signupProof: what the verify step answered, which the
 * company step must send so that nobody who merely knows the e-mail can complete the sign-up.
 */
export const SIGNUP_STORAGE_KEYS = {
  verifiedEmail: 'verifiedEmail',
  signupProof: 'signupProof',
  userCreated: 'userCreated',
  companyInfo: 'companyInfo',
} as const;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const storage = (): StorageLike | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

/** A verified e-mail and the proof of its verification. */
export interface VerifiedSignup {
  email: string;
  proof: string;
}

/** The verified sign-up of this tab; null unless both the e-mail and its proof are kept. */
export function readVerifiedSignup(store: StorageLike | null = storage()): VerifiedSignup | null {
  const email = store?.getItem(SIGNUP_STORAGE_KEYS.verifiedEmail);
  const proof = store?.getItem(SIGNUP_STORAGE_KEYS.signupProof);
  return email && proof ? { email, proof } : null;
}

export function saveVerifiedSignup({ email, proof }: VerifiedSignup, store: StorageLike | null = storage()): void {
  store?.setItem(SIGNUP_STORAGE_KEYS.verifiedEmail, email);
  store?.setItem(SIGNUP_STORAGE_KEYS.signupProof, proof);
}

/** The company form as typed so far, kept while the tab lives. */
export function readCompanyInfoDraft(store: StorageLike | null = storage()): Partial<CompanyInfo> {
  try {
    const value: unknown = JSON.parse(store?.getItem(SIGNUP_STORAGE_KEYS.companyInfo) ?? '{}');
    return value && typeof value === 'object' ? (value as Partial<CompanyInfo>) : {};
  } catch {
    return {};
  }
}

export function saveCompanyInfoDraft(info: CompanyInfo, store: StorageLike | null = storage()): void {
  store?.setItem(SIGNUP_STORAGE_KEYS.companyInfo, JSON.stringify(info));
}

/** After the account exists: userCreated set, verifiedEmail, its proof and companyInfo removed. */
export function markUserCreated(store: StorageLike | null = storage()): void {
  store?.setItem(SIGNUP_STORAGE_KEYS.userCreated, 'true');
  store?.removeItem(SIGNUP_STORAGE_KEYS.verifiedEmail);
  store?.removeItem(SIGNUP_STORAGE_KEYS.signupProof);
  store?.removeItem(SIGNUP_STORAGE_KEYS.companyInfo);
}
