import type { Language } from '@sensorium/core/common';
import privacyCn from '../assets/documents/privacy-policy.cn.html?url';
import privacyEn from '../assets/documents/privacy-policy.en.html?url';
import privacyHk from '../assets/documents/privacy-policy.hk.html?url';
import termsCn from '../assets/documents/terms-and-conditions.cn.html?url';
import termsEn from '../assets/documents/terms-and-conditions.en.html?url';
import termsHk from '../assets/documents/terms-and-conditions.hk.html?url';

/** The documents linked from the sign-up page, one static HTML asset per language (fetched as text when opened). */
export const DOCUMENTS = {
  terms: { en: termsEn, hk: termsHk, cn: termsCn },
  privacy: { en: privacyEn, hk: privacyHk, cn: privacyCn },
} as const satisfies Record<string, Record<Language, string>>;

export type DocumentName = keyof typeof DOCUMENTS;
