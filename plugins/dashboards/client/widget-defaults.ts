import type { WidgetType } from '../common';

/** The size a new widget of each type starts at (grid units: 12 columns, rows of ROW_HEIGHT px). */
export const NEW_WIDGET_SIZE: Record<WidgetType, { w: number; h: number }> = {
  'value-card': { w: 3, h: 2 },
  gauge: { w: 3, h: 3 },
  'time-series': { w: 6, h: 4 },
  map: { w: 6, h: 5 },
  'floor-plan': { w: 6, h: 5 },
  'alarm-list': { w: 6, h: 4 },
  'item-table': { w: 6, h: 4 },
  command: { w: 3, h: 2 },
};
export const ROW_HEIGHT = 60;

/** Widgets that show one field of one item; the others show whole items (several bindings, no field). */
export const SINGLE_FIELD_TYPES: readonly WidgetType[] = ['value-card', 'gauge'];
/** Widgets with bindings of item and field, several of them. */
export const MULTI_FIELD_TYPES: readonly WidgetType[] = ['time-series'];
/** Widgets bound to whole items. */
export const ITEM_TYPES: readonly WidgetType[] = ['map', 'floor-plan', 'item-table', 'command'];

/** A widget id unique in the dashboard: short, random, within the API's pattern. */
export function newWidgetId(taken: ReadonlySet<string>): string {
  for (;;) {
    const id = `w${Math.random().toString(36).slice(2, 10)}`;
    if (!taken.has(id)) return id;
  }
}
