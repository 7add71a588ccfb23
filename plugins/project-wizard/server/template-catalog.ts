import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@sensorium/core/common';
import type { TemplateDetail, TemplateSummary, TemplateTag } from '../common';
import { parseTemplate } from './template-checks';
import type { ProjectTemplate } from './template-model';
import { templateThumbnail } from './template-thumbnail';

/** One file per template: adding a template is adding a file here. */
export const TEMPLATES_DIR = fileURLToPath(new URL('../templates/', import.meta.url));

/** Every template file of `dir`, checked (a bad one throws naming it), by file name. */
export function loadTemplates(dir = TEMPLATES_DIR): ProjectTemplate[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => parseTemplate(name, JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown));
}

/** The templates the wizard offers, in the caller's language (shell spec §2.7, §7 Projects). */
export class TemplateCatalog {
  private readonly byId: ReadonlyMap<string, { template: ProjectTemplate; thumbnail: string }>;

  constructor(templates: readonly ProjectTemplate[]) {
    this.byId = new Map(
      templates.map((template) => [template.id, { template, thumbnail: templateThumbnail(template.dashboard) }]),
    );
  }

  template(id: string): ProjectTemplate | null {
    return this.byId.get(id)?.template ?? null;
  }

  /** The templates with the tag (all without one), by name. */
  list(language: Language, tag?: string): TemplateSummary[] {
    return [...this.byId.values()]
      .filter(({ template }) => tag === undefined || template.tags.includes(tag))
      .map(({ template, thumbnail }) => ({
        id: template.id,
        name: template.name[language],
        description: template.description[language],
        thumbnail,
        tags: [...template.tags],
      }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
  }

  /** Every tag some template has, named in the caller's language (`project-wizard.tags.<id>`), by name. */
  tags(language: Language, t: (key: string) => string): TemplateTag[] {
    const ids = new Set([...this.byId.values()].flatMap(({ template }) => template.tags));
    return [...ids]
      .map((id) => ({ id, name: t(`project-wizard.tags.${id}`) }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
  }

  detail(id: string, language: Language): TemplateDetail | null {
    const summary = this.list(language).find((template) => template.id === id);
    const template = this.template(id);
    if (!summary || !template) return null;
    return {
      ...summary,
      sites: template.sites.map((site) => ({
        name: site.name,
        displayName: site.displayName,
        devices: site.items.map((item) => ({ name: item.name, displayName: item.displayName, profile: item.profile })),
      })),
      widgetCount: template.dashboard.widgets.length,
    };
  }
}
