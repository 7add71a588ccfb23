import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Nullable, PageNumber, PageSize } from '@sensorium/core/common';
import type { ItemSettingsBase } from './edit-base';
import { ITEM_NAME_MAX_LENGTH, ITEM_NAME_PATTERN, ITEM_TYPES, type ItemType } from './types';

/** Item name rules of spec 5, shared by the add-item wizard and the server. */
export class ItemNameInput {
  @IsString({ message: 'nodes.validation.itemNameRequired' })
  @IsNotEmpty({ message: 'nodes.validation.itemNameRequired' })
  @MaxLength(ITEM_NAME_MAX_LENGTH)
  @Matches(ITEM_NAME_PATTERN, { message: 'nodes.validation.itemNamePattern' })
  itemName!: string;
}

/** The add-item wizard's result (spec 3.7): newItem. */
export class NewItemInput extends ItemNameInput {
  @IsIn(ITEM_TYPES)
  itemType!: ItemType;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  itemDisplayName?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  itemDescription?: string;

  @IsOptional()
  @IsObject()
  dataSource?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  input?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  outputSimple?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  geoInfo?: Record<string, unknown>;
}

/** Body of POST /node-structure-item/{appId}/items. */
export class AddItemInput {
  @ValidateNested()
  @Type(() => NewItemInput)
  @IsObject()
  newItem!: NewItemInput;

  @IsString()
  @IsNotEmpty({ message: 'nodes.validation.parentRequired' })
  parentName!: string;
}

/** One entry of PUT /structure; children are checked by the structure save itself (names, depth, duplicates). */
export class StructureNodeInput {
  @IsString()
  @IsNotEmpty()
  itemName!: string;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => StructureNodeInput)
  children?: StructureNodeInput[];
}

export class StructureInput {
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => StructureNodeInput)
  structure!: StructureNodeInput[];
}

export class NodeTargetFieldInput {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  targetField!: string;
}

/** Body of PUT /items/{uuid}/field-preference; the preference itself is checked by validateFieldPreference. */
export class FieldPreferenceInput extends NodeTargetFieldInput {
  @IsObject()
  preference!: Record<string, unknown>;

  /** The stored preference the edit started from: 409 when the field's preference has changed since (edit-base.ts). */
  @IsOptional()
  @IsObject()
  basedOn?: Record<string, unknown>;
}

export class RangeNotificationInput extends NodeTargetFieldInput {
  @IsInt()
  @Min(0)
  rangeIndex!: number;

  @IsObject()
  notificationSetting!: Record<string, unknown>;
}

export class RangeTaskInput extends NodeTargetFieldInput {
  @IsInt()
  @Min(0)
  rangeIndex!: number;

  @IsObject()
  task!: Record<string, unknown>;
}

export class FieldOverrideInput extends NodeTargetFieldInput {
  @IsBoolean()
  overrideValueEnabled!: boolean;

  /** A number (analog, digital) or text (string); null clears it. */
  @IsOptional()
  @Nullable()
  overrideValue?: number | string | boolean | null;
}

export class NodeCoordinatesInput {
  @IsNumber()
  @Min(-90)
  @Max(90)
  lat!: number;

  @IsNumber()
  @Min(-180)
  @Max(180)
  lng!: number;
}

/** The saved values a PATCH /items/{uuid} started from (ItemSettingsBase): 409 when one has changed since. */
export class ItemSettingsBaseInput implements ItemSettingsBase {
  @IsOptional()
  @IsBoolean()
  enable?: boolean;

  @IsOptional()
  @IsBoolean()
  enableHistory?: boolean;

  /** null: none was set. */
  @IsOptional()
  @Nullable()
  @IsNumber()
  connectionTimeoutSec?: number | null;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  tags?: string[];

  @IsOptional()
  @IsString()
  deviceEUI?: string;

  @IsOptional()
  @IsString()
  itemDisplayName?: string;

  @IsOptional()
  @IsString()
  siteAddress?: string;
}

/** Body of PATCH /items/{uuid}: any of the Basic and Settings tab flags. */
export class ItemPatchInput {
  @IsOptional()
  @ValidateNested()
  @Type(() => ItemSettingsBaseInput)
  basedOn?: ItemSettingsBaseInput;

  @IsOptional()
  @IsBoolean()
  enable?: boolean;

  @IsOptional()
  @IsBoolean()
  enableHistory?: boolean;

  @IsOptional()
  @IsInt({ message: 'nodes.validation.timeout' })
  @Min(0, { message: 'nodes.validation.timeout' })
  connectionTimeoutSec?: number;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  tags?: string[];

  @IsOptional()
  @IsString()
  @MaxLength(100)
  deviceEUI?: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  itemDisplayName?: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  siteAddress?: string;

  /** With siteAddress: also take geoCoordinates as the site's coordinates. */
  @IsOptional()
  @IsBoolean()
  confirmCoordinates?: boolean;

  @IsOptional()
  @ValidateNested()
  @Type(() => NodeCoordinatesInput)
  geoCoordinates?: NodeCoordinatesInput;
}

export class NodeCommandInput {
  @IsString()
  @IsNotEmpty({ message: 'nodes.validation.commandRequired' })
  commandId!: string;
}

export class NodeOutputInput extends NodeTargetFieldInput {
  @IsOptional()
  value?: unknown;

  @IsOptional()
  @IsString()
  dataSourceType?: string;
}

export class NodeAppParams {
  @IsString()
  @IsNotEmpty()
  appId!: string;
}

export class NodeItemParams extends NodeAppParams {
  @IsUUID('all')
  uuid!: string;
}

export class DeleteItemQuery {
  @IsOptional()
  @IsIn(['true', 'false'])
  deleteExternal?: 'true' | 'false';
}

export class NodeItemNameQuery {
  @IsString()
  @IsOptional()
  itemName?: string;
}

/** GET /geo-info/{uuid}'s children come a page at a time: a site can hold thousands of sensors. */
export const GEO_INFO_PAGE_SIZE = 100;

export class GeoInfoQuery {
  /** From 0. */
  @PageNumber()
  page: number = 0;

  @PageSize()
  size: number = GEO_INFO_PAGE_SIZE;
}
