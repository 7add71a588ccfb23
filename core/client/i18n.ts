import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, mergeResources, type Language, type TranslationResources } from '@sensorium/core/common';
import cn from './i18n/cn.json';
import en from './i18n/en.json';
import hk from './i18n/hk.json';
import type { StorageLike } from './token-store';

/** localStorage key of the interface language the user chose last. */
export const LANGUAGE_STORAGE_KEY = 'sensorium.language';

/** Texts of core/client itself (`core.client.*`): the 403 notification and the language names. */
export const coreClientTexts: TranslationResources = { en, hk, cn };

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

export function storedLanguage(storage: StorageLike | undefined = globalThis.localStorage): Language {
  const value = storage?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function storeLanguage(language: Language, storage: StorageLike | undefined = globalThis.localStorage): void {
  storage?.setItem(LANGUAGE_STORAGE_KEY, language);
}

/** Merges texts in order (later sources win on the same key); every plugin's keys live in one namespace. */
export function mergeAllResources(sources: readonly TranslationResources[]): TranslationResources {
  return sources.reduce<TranslationResources>((merged, source) => mergeResources(merged, source), { en: {}, hk: {}, cn: {} });
}

/** A ready i18next instance for react-i18next, initialised synchronously from bundled texts. */
export function createI18n(resources: TranslationResources, language: Language): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    resources: {
      en: { translation: resources.en },
      hk: { translation: resources.hk },
      cn: { translation: resources.cn },
    },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}
