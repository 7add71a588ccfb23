import { createInstance, type i18n } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, mergeResources, type Language, type TranslationResources } from '@sensorium/core/common';
import cn from '../../../core/common/i18n/cn.json';
import en from '../../../core/common/i18n/en.json';
import hk from '../../../core/common/i18n/hk.json';
import hostCn from './cn.json';
import hostEn from './en.json';
import hostHk from './hk.json';

/** Core's server texts (errors.*, validation.*) and the HTTP pipeline's own; plugins add theirs through ServerPlugin.i18n. */
export const coreServerResources: TranslationResources = mergeResources({ en, hk, cn }, { en: hostEn, hk: hostHk, cn: hostCn });

/** Translates the server's answers (error messages) into the caller's language, with i18next's {{param}} syntax. */
export interface Translator {
  t(language: Language, key: string, params?: Record<string, string | number>): string;
  has(key: string): boolean;
}

export function createTranslator(resources: readonly TranslationResources[]): Translator {
  const merged = resources.reduce(mergeResources, { en: {}, hk: {}, cn: {} });
  const instance: i18n = createInstance();
  void instance.init({
    resources: Object.fromEntries(LANGUAGES.map((language) => [language, { translation: merged[language] }])),
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // Resources are in memory, so initialisation completes synchronously and `t` works at once.
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return {
    t: (language, key, params = {}) => instance.t(key, { ...params, lng: language }),
    has: (key) => instance.exists(key, { lng: DEFAULT_LANGUAGE }),
  };
}
