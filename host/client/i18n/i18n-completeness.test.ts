import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, translationKeys, type TranslationTree } from '@sensorium/core/common';

const repo = resolve(import.meta.dirname, '../../..');

/** A client part's own texts beside it, e.g. client/dead-letters/i18n: the part merges them into its plugin's. */
const partTextFolders = (client: string): string[] =>
  existsSync(client)
    ? readdirSync(client, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(client, entry.name, 'i18n', 'en.json')))
        .map((entry) => `client/${entry.name}/i18n`)
    : [];

/**
 * Every folder of browser texts: core's, the shell's and each plugin's client/i18n, common/i18n (texts shared with
 * its server part) and client parts' own, found by reading plugins/.
 */
function textFolders(): { folder: string; namespace: RegExp }[] {
  const plugins = readdirSync(join(repo, 'plugins'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      ['client/i18n', 'common/i18n', ...partTextFolders(join(repo, 'plugins', entry.name, 'client'))]
        .map((sub) => join(repo, 'plugins', entry.name, sub))
        .filter((folder) => existsSync(join(folder, 'en.json')))
        .map((folder) => ({ folder, namespace: new RegExp(`^${entry.name}\\.`) })),
    );
  return [
    { folder: join(repo, 'core/common/i18n'), namespace: /^(core|errors|validation)\./ },
    { folder: join(repo, 'core/client/i18n'), namespace: /^core\.client\./ },
    { folder: join(repo, 'host/client/i18n'), namespace: /^shell\./ },
    ...plugins,
  ];
}

const read = (folder: string, language: string): TranslationTree =>
  JSON.parse(readFileSync(join(folder, `${language}.json`), 'utf8')) as TranslationTree;

describe('browser texts', () => {
  const folders = textFolders();

  it('finds the core, shell and plugin text folders', () => {
    const names = folders.map(({ folder }) => relative(repo, folder));
    expect(names).toEqual(expect.arrayContaining(['core/common/i18n', 'host/client/i18n', 'plugins/account/client/i18n']));
  });

  for (const { folder, namespace } of folders) {
    const name = relative(repo, folder);

    it(`${name}: every key exists in en, hk and cn, with a non-empty text`, () => {
      const keys = Object.fromEntries(LANGUAGES.map((language) => [language, translationKeys(read(folder, language)).sort()]));
      const all = [...new Set(Object.values(keys).flat())].sort();
      for (const language of LANGUAGES) {
        expect(
          all.filter((key) => !keys[language]!.includes(key)),
          `keys missing in ${name}/${language}.json`,
        ).toEqual([]);
      }
      for (const language of LANGUAGES) {
        const tree = read(folder, language);
        const empty = translationKeys(tree).filter((key) => {
          const value = key.split('.').reduce<unknown>((node, part) => (node as TranslationTree)[part], tree);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty, `empty texts in ${name}/${language}.json`).toEqual([]);
      }
    });

    it(`${name}: keys stay in their namespace`, () => {
      expect(translationKeys(read(folder, 'en')).filter((key) => !namespace.test(key))).toEqual([]);
    });
  }

  it('no two folders define the same key', () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const { folder } of folders) {
      for (const key of translationKeys(read(folder, 'en'))) {
        const owner = owners.get(key);
        if (owner) clashes.push(`${key} (${owner} and ${relative(repo, folder)})`);
        owners.set(key, relative(repo, folder));
      }
    }
    expect(clashes).toEqual([]);
  });
});
