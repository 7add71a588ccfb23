// @ts-check
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The folders of the design card, as boundaries elements. The first descriptor that matches a file wins,
 * so tests come first (they may reach the host), and a plugin's `common/index.ts` (its public face) before its common folder.
 */
const elements = [
  { type: 'test', pattern: '**/*.test.{ts,tsx}', mode: 'full' },
  { type: 'e2e', pattern: 'tests/**', mode: 'full' },
  { type: 'core-common', pattern: 'core/common/**', mode: 'full' },
  { type: 'core-client', pattern: 'core/client/**', mode: 'full' },
  { type: 'core-server', pattern: 'core/server/**', mode: 'full' },
  { type: 'plugin-public', pattern: 'plugins/*/common/index.ts', mode: 'full', capture: ['plugin'] },
  { type: 'plugin-common', pattern: 'plugins/*/common/**', mode: 'full', capture: ['plugin'] },
  { type: 'plugin-client', pattern: 'plugins/*/client/**', mode: 'full', capture: ['plugin'] },
  { type: 'plugin-server', pattern: 'plugins/*/server/**', mode: 'full', capture: ['plugin'] },
  // manifest.ts and anything else at the top of a plugin folder: data read by both halves.
  { type: 'plugin-root', pattern: 'plugins/*/*', mode: 'full', capture: ['plugin'] },
  { type: 'host-client', pattern: 'host/client/**', mode: 'full' },
  { type: 'host-server', pattern: 'host/server/**', mode: 'full' },
  { type: 'cli', pattern: 'cli/**', mode: 'full' },
];

/** A plugin element of the same plugin as the importing file. */
const own = (type) => [type, { plugin: '{{from.captured.plugin}}' }];
const anyPlugin = ['plugin-public', 'plugin-common', 'plugin-client', 'plugin-server', 'plugin-root'];
const pluginCommon = ['core-common', 'plugin-public', own('plugin-common'), own('plugin-root')];

const importRules = [
  { from: 'core-common', allow: ['core-common'] },
  { from: 'core-client', allow: ['core-common', 'core-client'] },
  { from: 'core-server', allow: ['core-common', 'core-server'] },
  { from: ['plugin-public', 'plugin-common', 'plugin-root'], allow: pluginCommon },
  { from: 'plugin-client', allow: [...pluginCommon, 'core-client', own('plugin-client')] },
  { from: 'plugin-server', allow: [...pluginCommon, 'core-server', own('plugin-server')] },
  {
    from: 'host-client',
    allow: ['core-common', 'core-client', 'host-client', 'plugin-public', 'plugin-common', 'plugin-client', 'plugin-root'],
  },
  {
    from: 'host-server',
    allow: ['core-common', 'core-server', 'host-server', 'plugin-public', 'plugin-common', 'plugin-server', 'plugin-root'],
  },
  {
    from: ['test', 'e2e', 'cli'],
    allow: ['core-common', 'core-client', 'core-server', 'host-client', 'host-server', 'e2e', 'cli', ...anyPlugin],
  },
];

export default defineConfig(
  globalIgnores(['dist/**', 'node_modules/**', 'data/**', '.test-data/**', 'test-results/**', 'cli/templates/**']),
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['{core,plugins,host}/**/*.tsx', '{core,plugins,host}/**/client/**/*.ts'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // Type-aware: an un-awaited promise loses its error (and in a handler, its order). `void` marks a deliberate one.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['{core,plugins,host,cli,tests}/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message:
            "'${file.type}' may not import '${dependency.type}' (${dependency.source}); see Import rules in docs/plugins.md",
          rules: importRules,
        },
      ],
    },
  },
);
