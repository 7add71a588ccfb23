import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { FIELD_GENERATOR_KINDS, type FieldGenerator } from '@sensorium/core/server';
import { DASHBOARD_GRID_COLUMNS, WIDGET_TYPES, type WidgetOptions, type WidgetType } from '@sensorium/dashboards/common';
import { ITEM_NAME_PATTERN, MAX_RANGES, RANGE_COLORS, type RangeColor } from '@sensorium/nodes/common';

// The schema of a template file (plugins/project-wizard/templates/<id>.json), as class-validator models: the catalogue
// validates every file with them at start-up, and its unit test does the same, so a broken file stops neither silently.

/** The data sources a template's devices may use: the ones the demo simulation can drive. */
export const TEMPLATE_SOURCES = ['chirpstack', 'ttn'] as const;
/** Template and widget ids, and field names: lower-case words joined by hyphens, or camelCase fields. */
const TEMPLATE_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** A text in every language of the console. */
export class LocalText {
  @IsString()
  @IsNotEmpty()
  en!: string;

  @IsString()
  @IsNotEmpty()
  hk!: string;

  @IsString()
  @IsNotEmpty()
  cn!: string;
}

export class TemplateRange {
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  name!: string;

  @IsIn(RANGE_COLORS)
  color!: RangeColor;

  @IsString()
  @IsNotEmpty()
  icon!: string;

  @IsNumber()
  start!: number;

  @IsNumber()
  end!: number;

  @IsOptional()
  @IsNumber()
  value?: number;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  event?: string;
}

const needs =
  (...kinds: FieldGenerator['kind'][]) =>
  (generator: TemplateGenerator) =>
    kinds.includes(generator.kind);

/** How the demo simulation moves the field (core's FieldGenerator); each kind needs its own numbers. */
export class TemplateGenerator {
  @IsIn(FIELD_GENERATOR_KINDS)
  kind!: FieldGenerator['kind'];

  @ValidateIf(needs('wave'))
  @IsNumber()
  min?: number;

  @ValidateIf(needs('wave'))
  @IsNumber()
  max?: number;

  @IsOptional()
  @IsNumber()
  @Min(1)
  periodSec?: number;

  @ValidateIf(needs('counter'))
  @IsNumber()
  start?: number;

  @ValidateIf(needs('counter'))
  @IsNumber()
  perMinute?: number;

  @ValidateIf(needs('alarm-cycle'))
  @IsNumber()
  normal?: number;

  @ValidateIf(needs('alarm-cycle'))
  @IsNumber()
  alarm?: number;

  @ValidateIf(needs('alarm-cycle'))
  @IsInt()
  @Min(0)
  @Max(59)
  alarmFrom?: number;

  @ValidateIf(needs('alarm-cycle'))
  @IsInt()
  @Min(1)
  @Max(60)
  alarmTo?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(6)
  decimals?: number;
}

class SpikeFilterModel {
  @IsNumber()
  min!: number;

  @IsNumber()
  max!: number;
}

/** One field of a device: its display settings (Field Settings), colour ranges with their events, and its generator. */
export class TemplateField {
  @Matches(FIELD_NAME)
  field!: string;

  @IsString()
  @IsNotEmpty()
  displayName!: string;

  @IsString()
  unit!: string;

  @IsInt()
  @Min(0)
  @Max(6)
  decimals!: number;

  @IsOptional()
  @IsIn(['analog', 'digital'])
  signal?: 'analog' | 'digital';

  @IsArray()
  @ArrayMaxSize(MAX_RANGES)
  @ValidateNested({ each: true })
  @Type(() => TemplateRange)
  ranges!: TemplateRange[];

  @ValidateNested()
  @Type(() => TemplateGenerator)
  generator!: TemplateGenerator;

  @IsOptional()
  @ValidateNested()
  @Type(() => SpikeFilterModel)
  filter?: SpikeFilterModel;
}

/** A device of a site: an item bound to a ChirpStack or The Things Stack device of this profile. */
export class TemplateDevice {
  @Matches(ITEM_NAME_PATTERN)
  @MaxLength(60)
  name!: string;

  @IsString()
  @IsNotEmpty()
  displayName!: string;

  @IsString()
  description!: string;

  @IsIn(TEMPLATE_SOURCES)
  source!: (typeof TEMPLATE_SOURCES)[number];

  /** The device model (the item's sensor type). */
  @IsString()
  @IsNotEmpty()
  profile!: string;

  @ArrayNotEmpty()
  @ValidateNested({ each: true })
  @Type(() => TemplateField)
  fields!: TemplateField[];
}

/** A node under the project's root (or its building) holding devices. */
export class TemplateSite {
  @Matches(ITEM_NAME_PATTERN)
  @MaxLength(60)
  name!: string;

  @IsString()
  @IsNotEmpty()
  displayName!: string;

  @IsString()
  description!: string;

  @ArrayNotEmpty()
  @ValidateNested({ each: true })
  @Type(() => TemplateDevice)
  items!: TemplateDevice[];
}

class PositionModel {
  @IsInt()
  @Min(0)
  @Max(DASHBOARD_GRID_COLUMNS - 1)
  x!: number;

  @IsInt()
  @Min(0)
  y!: number;

  @IsInt()
  @Min(1)
  @Max(DASHBOARD_GRID_COLUMNS)
  w!: number;

  @IsInt()
  @Min(1)
  h!: number;
}

/** A widget's binding by item name; the project's dashboard gets the uuid of the item created for it. */
export class TemplateBinding {
  @IsString()
  @IsNotEmpty()
  item!: string;

  /** Empty for widgets that show whole items. */
  @IsString()
  field!: string;
}

export class TemplateWidget {
  @Matches(TEMPLATE_ID)
  id!: string;

  @IsIn(WIDGET_TYPES)
  type!: WidgetType;

  @IsString()
  @IsNotEmpty()
  title!: string;

  @ValidateNested()
  @Type(() => PositionModel)
  position!: PositionModel;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TemplateBinding)
  bindings!: TemplateBinding[];

  @IsObject()
  options!: WidgetOptions;
}

/** The project's main dashboard (named after the project). */
export class TemplateDashboard {
  @ArrayNotEmpty()
  @ValidateNested({ each: true })
  @Type(() => TemplateWidget)
  widgets!: TemplateWidget[];
}

/** A template file. */
export class ProjectTemplate {
  @Matches(TEMPLATE_ID)
  id!: string;

  @ValidateNested()
  @Type(() => LocalText)
  name!: LocalText;

  @ValidateNested()
  @Type(() => LocalText)
  description!: LocalText;

  @ArrayNotEmpty()
  @Matches(TEMPLATE_ID, { each: true })
  tags!: string[];

  @ArrayNotEmpty()
  @ValidateNested({ each: true })
  @Type(() => TemplateSite)
  sites!: TemplateSite[];

  @ValidateNested()
  @Type(() => TemplateDashboard)
  dashboard!: TemplateDashboard;
}
