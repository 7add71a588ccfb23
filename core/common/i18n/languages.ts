/** Interface languages of the spec: en (default), hk (Traditional Chinese), cn (Simplified Chinese). */
export const LANGUAGES = ['en', 'hk', 'cn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** BCP 47 tags sent in Accept-Language for each interface language. */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en', hk: 'zh-HK', cn: 'zh-CN' };

export type TranslationTree = { [key: string]: string | TranslationTree };
/** One plugin's (or core's) texts in every language; a test fails when a key is missing in one of them. */
export type TranslationResources = Record<Language, TranslationTree>;

/** Picks the interface language from an Accept-Language header (or one of our own codes). */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag === 'hk' || tag === 'zh-hk' || tag === 'zh-tw' || tag === 'zh-hant' || tag === 'zh-mo') return 'hk';
    if (tag === 'cn' || tag === 'zh-cn' || tag === 'zh' || tag === 'zh-hans' || tag === 'zh-sg') return 'cn';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

/** Merges one language's texts into a copy of `target`: nested keys merge, a text in `source` wins. */
export function mergeTranslationTrees(target: TranslationTree, source: TranslationTree): TranslationTree {
  const into: TranslationTree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const current = into[key];
    into[key] = typeof value === 'object' && typeof current === 'object' ? mergeTranslationTrees(current, value) : value;
  }
  return into;
}

export function mergeResources(target: TranslationResources, source: TranslationResources): TranslationResources {
  return {
    en: mergeTranslationTrees(target.en, source.en),
    hk: mergeTranslationTrees(target.hk, source.hk),
    cn: mergeTranslationTrees(target.cn, source.cn),
  };
}

/** Lists the dotted keys of a tree; used by the tests that prove every key exists in every language. */
export function translationKeys(tree: TranslationTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : translationKeys(value, `${prefix}${key}.`),
  );
}
