import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Type } from 'class-transformer';
import { CHART_MAX_POINTS } from '@sensorium/device-pipeline/common';
import { NestedInput, NestedInputList, Nullable, Trim } from '@sensorium/core/common';
import {
  DASHBOARD_GRID_COLUMNS,
  WIDGET_TYPES,
  type DashboardDefinition,
  type WidgetBinding,
  type WidgetDefinition,
  type WidgetOptions,
  type WidgetPosition,
  type WidgetType,
} from './dashboard-definition';

export const DASHBOARD_NAME_MAX_LENGTH = 100;
export const WIDGET_TITLE_MAX_LENGTH = 100;
/** A dashboard holds at most this many widgets (issue 15): more would not stay responsive on a phone. */
export const MAX_WIDGETS = 100;
/** A widget shows at most this many item fields (a map or table of a site's devices). */
export const MAX_BINDINGS = 50;
/** Rows of the grid a widget may reach down to; far beyond any real layout, it keeps the stored layout bounded. */
export const MAX_GRID_ROWS = 1000;
/** Share links last at least an hour and at most 90 days. */
export const SHARE_LINK_MIN_HOURS = 1;
export const SHARE_LINK_MAX_HOURS = 90 * 24;
const WIDGET_ID = /^[A-Za-z0-9_-]{1,40}$/;

export class WidgetPositionInput implements WidgetPosition {
  @IsInt()
  @Min(0)
  @Max(DASHBOARD_GRID_COLUMNS - 1)
  x!: number;

  @IsInt()
  @Min(0)
  @Max(MAX_GRID_ROWS)
  y!: number;

  @IsInt()
  @Min(1)
  @Max(DASHBOARD_GRID_COLUMNS)
  w!: number;

  @IsInt()
  @Min(1)
  @Max(40)
  h!: number;
}

export class WidgetBindingInput implements WidgetBinding {
  @IsUUID()
  itemUuid!: string;

  /** A field name of the item's values; empty for widgets that show whole items. */
  @IsString()
  @MaxLength(100)
  field!: string;
}

export class WidgetOptionsInput implements WidgetOptions {
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  min?: number;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  max?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(24 * 31)
  rangeHours?: number;

  /** floor-plan: the uuid of the node (or item) whose floor plan the pins are placed on. */
  @IsOptional()
  @IsUUID()
  floorPlanId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  command?: string;

  @IsOptional()
  @IsIn(['button', 'switch'])
  control?: 'button' | 'switch';
}

export class WidgetInput implements WidgetDefinition {
  @IsString()
  @Matches(WIDGET_ID)
  id!: string;

  @IsIn(WIDGET_TYPES, { message: 'dashboards.errors.widgetType' })
  type!: WidgetType;

  @Trim()
  @IsString()
  @MaxLength(WIDGET_TITLE_MAX_LENGTH)
  title!: string;

  @NestedInput(() => WidgetPositionInput)
  position!: WidgetPositionInput;

  @NestedInputList(() => WidgetBindingInput, MAX_BINDINGS)
  bindings!: WidgetBindingInput[];

  @NestedInput(() => WidgetOptionsInput)
  options!: WidgetOptionsInput;
}

/** Body of creating or replacing a dashboard. */
export class DashboardInput implements DashboardDefinition {
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(DASHBOARD_NAME_MAX_LENGTH)
  name!: string;

  @IsBoolean()
  isMain!: boolean;

  @Nullable()
  @IsUUID()
  themeId!: string | null;

  @NestedInputList(() => WidgetInput, MAX_WIDGETS)
  widgets!: WidgetInput[];
}

export class DashboardAppParams {
  @IsString()
  @IsNotEmpty()
  appId!: string;
}

export class DashboardParams extends DashboardAppParams {
  @IsUUID()
  id!: string;
}

export class ShareLinkParams extends DashboardParams {
  @IsUUID()
  linkId!: string;
}

export class ShareLinkInput {
  @IsInt()
  @Min(SHARE_LINK_MIN_HOURS)
  @Max(SHARE_LINK_MAX_HOURS)
  validHours!: number;
}

/** A widget of the dashboard a share link opens. */
export class SharedWidgetParams {
  @IsString()
  @Matches(WIDGET_ID)
  widgetId!: string;
}

/** Query of a shared time-series widget's history: about this many points per field (the chart's width). */
export class SharedChartQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(10)
  @Max(CHART_MAX_POINTS)
  points?: number;
}

/** Query of a shared dashboard's images: <img> and CSS send no header, so the link's dashboard_token comes here. */
export class SharedImageQuery {
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  dashboard_token?: string;
}
