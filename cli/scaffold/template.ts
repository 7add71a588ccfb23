import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Values substituted for `{{key}}`; a string value also switches its sections on when it is not empty. */
export type TemplateValues = Record<string, string | boolean>;

const TEMPLATE_SUFFIX = '.tpl';
// `{{#key}}…{{/key}}` keeps its content when the value is truthy, `{{^key}}…{{/key}}` when it is falsy.
const SECTION = /\{\{([#^])(\w+)\}\}([\s\S]*?)\{\{\/\2\}\}/g;
// A section tag alone on its line takes the whole line with it, so sections leave no blank lines behind.
const STANDALONE_TAG = /^[ \t]*(\{\{[#^/]\w+\}\})[ \t]*\n/gm;
// No spaces inside the braces, so JSX such as `style={{ gap: 8 }}` is never taken for a placeholder.
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

function valueOf(values: TemplateValues, key: string, where: string): string | boolean {
  const value = values[key];
  if (value === undefined) throw new Error(`Template ${where} uses {{${key}}}, which has no value`);
  return value;
}

export function renderTemplate(text: string, values: TemplateValues, where = 'text'): string {
  const withSections = text.replace(STANDALONE_TAG, '$1').replace(SECTION, (_match, kind: string, key: string, body: string) => {
    const on = Boolean(valueOf(values, key, where));
    return (kind === '#') === on ? body : '';
  });
  return withSections.replace(PLACEHOLDER, (_match, key: string) => String(valueOf(values, key, where)));
}

/** Template paths name their variable parts `__key__`, e.g. `client/__Name__Page.tsx.tpl`. */
export function renderPath(path: string, values: TemplateValues): string {
  const rendered = path.replace(/__(\w+?)__/g, (_match, key: string) => String(valueOf(values, key, path)));
  return rendered.endsWith(TEMPLATE_SUFFIX) ? rendered.slice(0, -TEMPLATE_SUFFIX.length) : rendered;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * Copies every file of `templateDir` into `targetRoot`, rendering paths and contents.
 * Nothing is written when a target file already exists, so a failed run never leaves half a plugin.
 */
export function copyTemplate(
  templateDir: string,
  targetRoot: string,
  values: TemplateValues,
  include: (templatePath: string) => boolean = () => true,
): string[] {
  const files = listFiles(templateDir)
    .filter(include)
    .map((path) => ({ source: join(templateDir, path), target: renderPath(path, values) }));
  const clash = files.find((file) => existsSync(join(targetRoot, file.target)));
  if (clash) throw new Error(`${clash.target} already exists; nothing was generated`);
  const rendered = files.map((file) => ({
    target: file.target,
    text: renderTemplate(readFileSync(file.source, 'utf8'), values, relative(templateDir, file.source)),
  }));
  for (const file of rendered) {
    const path = join(targetRoot, file.target);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.text);
  }
  return rendered.map((file) => file.target);
}
