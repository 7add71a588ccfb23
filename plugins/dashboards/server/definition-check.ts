import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { HttpError } from '@sensorium/core/server';
import { DASHBOARD_GRID_COLUMNS, DashboardInput, type DashboardDefinition } from '../common';

/** The first offending field of a failed validation, by dotted path (`widgets.3.type`), with its i18n key. */
function firstProblem(errors: ValidationError[], parent = ''): { field: string; code: string } | null {
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const [message] = Object.values(error.constraints ?? {});
    if (message !== undefined) {
      const [constraint] = Object.keys(error.constraints ?? {});
      return { field, code: message.includes('.') && !message.includes(' ') ? message : `validation.${constraint}` };
    }
    const nested = firstProblem(error.children ?? [], field);
    if (nested) return nested;
  }
  return null;
}

/**
 * A definition given by another plugin (the project wizard's DashboardCatalog.create) checked with the same rules as
 * the API's body: the HttpError 400 names the field, as a refused request would.
 */
export async function checkedDefinition(definition: DashboardDefinition): Promise<DashboardInput> {
  const input = plainToInstance(DashboardInput, definition);
  const problem = firstProblem(await validate(input, { whitelist: true, forbidNonWhitelisted: true }));
  if (problem) throw HttpError.badRequest(problem.code, problem.field);
  return input;
}

/**
 * What the field rules cannot say alone: widget ids unique in the dashboard, widgets inside the 12 columns, a gauge's
 * ends in order, and every bound item and floor plan one of the application's (that the caller sees: `visible`).
 */
export function checkWidgets(definition: DashboardDefinition, visible: ReadonlySet<string>): void {
  const ids = new Set<string>();
  definition.widgets.forEach((widget, index) => {
    const at = `widgets.${index}`;
    if (ids.has(widget.id)) throw HttpError.badRequest('dashboards.errors.widgetIdTaken', `${at}.id`);
    ids.add(widget.id);
    if (widget.position.x + widget.position.w > DASHBOARD_GRID_COLUMNS) {
      throw HttpError.badRequest('dashboards.errors.beyondGrid', `${at}.position.w`);
    }
    const { min, max } = widget.options;
    if (min !== undefined && max !== undefined && min >= max) {
      throw HttpError.badRequest('dashboards.errors.gaugeRange', `${at}.options.max`);
    }
    if (widget.options.floorPlanId !== undefined && !visible.has(widget.options.floorPlanId)) {
      throw HttpError.badRequest('dashboards.errors.unknownItem', `${at}.options.floorPlanId`);
    }
    widget.bindings.forEach((binding, bindingIndex) => {
      if (!visible.has(binding.itemUuid)) {
        throw HttpError.badRequest('dashboards.errors.unknownItem', `${at}.bindings.${bindingIndex}.itemUuid`);
      }
    });
  });
}

/** The uuids every widget of the definition reads. */
export function boundItems(definition: Pick<DashboardDefinition, 'widgets'>): Set<string> {
  return new Set(definition.widgets.flatMap((widget) => widget.bindings.map((binding) => binding.itemUuid)));
}
