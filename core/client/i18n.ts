import { createInstance, type BackendModule, type i18n as I18n, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  mergeTranslationTrees,
  type Language,
  type TranslationResources,
  type TranslationTree,
} from '@sensorium/core/common';
import type { StorageLike } from './token-store';

/** localStorage key of the interface language the user chose last. */
export const LANGUAGE_STORAGE_KEY = 'sensorium.language';

/** One language's texts, fetched when that language is chosen (see `jsonTexts`). */
export type TextLoader = (language: Language) => Promise<TranslationTree>;

/**
 * Browser texts: every language at hand (bundled with the code that names them), or a loader that fetches one
 * language when it is chosen, so the console downloads the texts of the language it shows only.
 */
export type TextSource = TranslationResources | TextLoader;

/** A JSON module of one language's texts, e.g. `(language) => import(\`./i18n/${language}.json\`)`. */
export type TextModuleLoader = (language: Language) => Promise<{ default: TranslationTree }>;

/**
 * Texts kept in `<language>.json` files, loaded one language at a time: each loader imports one folder's file for the
 * language asked for (Vite makes each file a chunk, and the build puts every folder's file of a language in one), and
 * later folders' keys win. A plugin's `i18n: jsonTexts((language) => import(\`./i18n/${language}.json\`))`.
 */
export function jsonTexts(...loaders: readonly TextModuleLoader[]): TextLoader {
  return async (language) => {
    const modules = await Promise.all(loaders.map((load) => load(language)));
    return modules.reduce<TranslationTree>((merged, module) => mergeTranslationTrees(merged, module.default), {});
  };
}

/** Texts of core/client itself (`core.client.*`): the 403 notification and the language names. */
export const coreClientTexts: TextLoader = jsonTexts((language) => import(`./i18n/${language}.json`));

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

/** Every source's texts in one language, merged in order (later sources win on the same key). */
export async function textsIn(sources: readonly TextSource[], language: Language): Promise<TranslationTree> {
  const trees = await Promise.all(sources.map((source) => (typeof source === 'function' ? source(language) : source[language])));
  return trees.reduce<TranslationTree>((merged, tree) => mergeTranslationTrees(merged, tree), {});
}

/** i18next's loader of a language chosen after start: every source's texts in it. */
function textBackend(sources: readonly TextSource[]): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init: () => undefined,
    read(language, _namespace, callback) {
      if (!isLanguage(language)) return callback(new Error(`No texts in "${language}"`), false);
      textsIn(sources, language).then(
        (tree) => callback(null, tree),
        (error: Error) => callback(error, false),
      );
    },
  };
}

const OPTIONS: InitOptions = { supportedLngs: [...LANGUAGES], interpolation: { escapeValue: false } };

/**
 * The console's i18next instance for react-i18next: the chosen language's texts are loaded before it answers (a failed
 * load rejects, so the console shows its startup error), another language's when the user switches to it
 * (`changeLanguage` waits for them, and the page keeps the old texts until then). No fallback language: the texts test
 * keeps every key in every language, so a Chinese page never downloads the English texts as well.
 */
export async function loadI18n(sources: readonly TextSource[], language: Language): Promise<I18n> {
  const texts = await textsIn(sources, language);
  const instance = createInstance();
  await instance
    .use(textBackend(sources))
    .use(initReactI18next)
    .init({
      ...OPTIONS,
      resources: { [language]: { translation: texts } },
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: false,
    });
  return instance;
}

/** A ready i18next instance initialised synchronously from texts at hand in every language (tests, previews). */
export function createI18n(resources: TranslationResources, language: Language): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    ...OPTIONS,
    resources: {
      en: { translation: resources.en },
      hk: { translation: resources.hk },
      cn: { translation: resources.cn },
    },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    initAsync: false,
  });
  return instance;
}
