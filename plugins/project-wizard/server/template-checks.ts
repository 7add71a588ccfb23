import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { ROOT_ITEM_NAME } from '@sensorium/nodes/common';
import { BUILDING_ITEM_NAME } from './project-plan';
import { ProjectTemplate } from './template-model';

/** Item names the project itself gives: the root and the single-location building. */
const RESERVED_NAMES = new Set([ROOT_ITEM_NAME, BUILDING_ITEM_NAME]);

/** Dotted paths of a validation error tree with the rules they broke, e.g. `sites.0.items.1.name: matches`. */
function flatten(errors: readonly ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.keys(error.constraints ?? {}).map((rule) => `${path}: ${rule}`);
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

/**
 * What the class-validator models cannot say: names unique and not the project's own (root, building), bindings naming an
 * item and field of the template.
 */
function crossChecks(template: ProjectTemplate): string[] {
  const problems: string[] = [];
  const names = new Set<string>(RESERVED_NAMES);
  const fields = new Map<string, Set<string>>();
  for (const [siteIndex, site] of template.sites.entries()) {
    if (names.has(site.name)) problems.push(`sites.${siteIndex}.name: "${site.name}" is used twice or reserved`);
    names.add(site.name);
    for (const [itemIndex, item] of site.items.entries()) {
      if (names.has(item.name)) {
        problems.push(`sites.${siteIndex}.items.${itemIndex}.name: "${item.name}" is used twice or reserved`);
      }
      names.add(item.name);
      const own = new Set(item.fields.map((field) => field.field));
      if (own.size !== item.fields.length) problems.push(`sites.${siteIndex}.items.${itemIndex}.fields: a field is listed twice`);
      fields.set(item.name, own);
    }
  }
  const widgetIds = new Set<string>();
  for (const [index, widget] of template.dashboard.widgets.entries()) {
    const path = `dashboard.widgets.${index}`;
    if (widgetIds.has(widget.id)) problems.push(`${path}.id: "${widget.id}" is used twice`);
    widgetIds.add(widget.id);
    if (widget.position.x + widget.position.w > 12) problems.push(`${path}.position: wider than the grid`);
    for (const [bindingIndex, binding] of widget.bindings.entries()) {
      const known = fields.get(binding.item);
      if (!known) problems.push(`${path}.bindings.${bindingIndex}.item: no device "${binding.item}"`);
      else if (binding.field !== '' && !known.has(binding.field))
        problems.push(`${path}.bindings.${bindingIndex}.field: "${binding.item}" has no field "${binding.field}"`);
    }
  }
  return problems;
}

/**
 * A template file's content checked against the schema (template-model.ts) and the cross-checks; throws naming the
 * file and every problem, so a bad file stops the start instead of offering a template that cannot be created.
 */
export function parseTemplate(fileName: string, content: unknown): ProjectTemplate {
  const template = plainToInstance(ProjectTemplate, content);
  const problems = flatten(validateSync(template, { forbidUnknownValues: true, whitelist: true, forbidNonWhitelisted: true }));
  if (problems.length === 0) {
    problems.push(...crossChecks(template));
    if (`${template.id}.json` !== fileName) problems.push(`id: "${template.id}" differs from the file name`);
  }
  if (problems.length > 0) throw new Error(`project template ${fileName} is invalid:\n  ${problems.join('\n  ')}`);
  return template;
}
