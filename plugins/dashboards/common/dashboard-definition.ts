import { createToken } from '@sensorium/core/common';

/** The widget kinds of a dashboard (issue 15): what each one shows is described on its type. */
export const WIDGET_TYPES = [
  /** One field's latest value with its unit, coloured by the range it is in. */
  'value-card',
  /** One field's latest value on a dial between options.min and options.max. */
  'gauge',
  /** One or several fields over options.rangeHours, the item's ranges drawn as bands. */
  'time-series',
  /** The bound items at their locations, with live markers. */
  'map',
  /** The bound items as live pins on a floor plan of the application. */
  'floor-plan',
  /** The application's open events, with acknowledge. */
  'alarm-list',
  /** The bound items (or all devices) as rows with their fields' latest values. */
  'item-table',
  /** A switch or button that sends options.command of the bound item. */
  'command',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** Where a widget sits on the dashboard's grid of DASHBOARD_GRID_COLUMNS columns (react-grid-layout units). */
export interface WidgetPosition {
  x: number;
  y: number;
  w: number;
  h: number;
}
export const DASHBOARD_GRID_COLUMNS = 12;

/** A field of an item that a widget shows; `field` is empty for widgets that show whole items (map, item table). */
export interface WidgetBinding {
  itemUuid: string;
  field: string;
}

/** Settings of one widget; each type reads the ones it needs and ignores the rest. */
export interface WidgetOptions {
  /** gauge: the dial's ends. */
  min?: number;
  max?: number;
  /** time-series: how many hours back the chart starts (default 24). */
  rangeHours?: number;
  /** floor-plan: the floor plan (nodes' floor plans) the pins are placed on. */
  floorPlanId?: string;
  /** command: the command id of the bound item's dataSource.commands, and how it is shown. */
  command?: string;
  control?: 'button' | 'switch';
}

export interface WidgetDefinition {
  /** Unique within its dashboard. */
  id: string;
  type: WidgetType;
  title: string;
  position: WidgetPosition;
  bindings: WidgetBinding[];
  options: WidgetOptions;
}

/** What a dashboard holds besides its id and application. */
export interface DashboardDefinition {
  name: string;
  /** The one dashboard `app/{app_id}/dashboard/main` opens; an application has exactly one main dashboard. */
  isMain: boolean;
  /** A theme profile of the themes plugin (shell §2.9), or null for the console's colours. */
  themeId: string | null;
  widgets: WidgetDefinition[];
}

/**
 * Dashboards for other plugins (the project wizard lays one out for each project it creates); provided by the dashboards
 * plugin, which owns the dashboard tables.
 */
export interface DashboardCatalog {
  /**
   * Creates a dashboard in the application and answers its id. `transaction` (the server's Database, which this
   * isomorphic folder cannot name) writes inside the caller's transaction, so a project is created whole or not at all.
   * Throws core's HttpError 400 naming the field when the definition is invalid (unknown widget type, an item of another
   * application…).
   */
  create(appId: string, definition: DashboardDefinition, transaction?: unknown): Promise<{ id: string }>;
}
export const DashboardCatalogToken = createToken<DashboardCatalog>('dashboards.catalog');
