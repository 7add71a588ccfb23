import type { CompanyInfo } from './company';

/** sessionStorage keys of the sign-up flow (accounts spec §3). */
export const SIGNUP_STORAGE_KEYS = {
  verifiedEmail: 'verifiedEmail',
  userCreated: 'userCreated',
  companyInfo: 'companyInfo',
} as const;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const storage = (): StorageLike | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

export function readVerifiedEmail(store: StorageLike | null = storage()): string | null {
  return store?.getItem(SIGNUP_STORAGE_KEYS.verifiedEmail) || null;
}

export function saveVerifiedEmail(email: string, store: StorageLike | null = storage()): void {
  store?.setItem(SIGNUP_STORAGE_KEYS.verifiedEmail, email);
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

/** After the account exists: userCreated set, verifiedEmail and companyInfo removed. */
export function markUserCreated(store: StorageLike | null = storage()): void {
  store?.setItem(SIGNUP_STORAGE_KEYS.userCreated, 'true');
  store?.removeItem(SIGNUP_STORAGE_KEYS.verifiedEmail);
  store?.removeItem(SIGNUP_STORAGE_KEYS.companyInfo);
}
