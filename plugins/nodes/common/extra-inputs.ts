import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { DEVICE_PROFILE_SOURCES, OBJECT_KINDS, type DeviceProfileSource, type ObjectKind } from './device-profiles';

export class DeviceProfileAppParams {
  @IsString()
  @IsNotEmpty()
  appId!: string;
}

/** Body of POST /device-profile/get-deviceProfileList-simple/{app_id}. */
export class DeviceProfileListInput {
  @IsIn(DEVICE_PROFILE_SOURCES)
  dataSourceType!: DeviceProfileSource;
}

/** Body of POST /device-profile/get-deviceProfileByUuid/{app_id}. */
export class DeviceProfileByUuidInput {
  @IsUUID()
  uuid!: string;
}

/** Query of GET /node-structure-item/getTaskListInDevice. */
export class TaskListQuery {
  /** The item's data-source type (chirpstack, ttn, prtg, robot, lift…) or a profile group (lora…). */
  @IsString()
  @IsNotEmpty()
  deviceAdaptor!: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  sn?: string;

  /** The profile's sensor model, name or uuid. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  model?: string;

  /** Also offer this application's own profiles (it must be visible). */
  @IsOptional()
  @IsString()
  appId?: string;
}

/** Stored object names are ours: a uuid and an image extension. */
export const OBJECT_NAME_PATTERN = /^[a-f0-9-]{36}\.[a-z]{2,4}$/;

export class NodeObjectParams {
  @IsString()
  @IsNotEmpty()
  appId!: string;

  @IsString()
  @Matches(OBJECT_NAME_PATTERN)
  image!: string;
}

export class NodeObjectUploadQuery {
  @IsIn(OBJECT_KINDS)
  kind!: ObjectKind;
}

/** DELETE /node-structure-item/{appId}/items/{uuid}/object?kind=FLOORPLAN&image= */
export class NodeObjectDeleteQuery {
  @IsIn(OBJECT_KINDS)
  kind!: ObjectKind;

  @IsOptional()
  @IsString()
  @Matches(OBJECT_NAME_PATTERN)
  image?: string;
}

/** POST /items/{uuid}/floor-plan: create the floor plan from an uploaded FLOORPLAN image. */
export class FloorPlanInput {
  @IsString()
  @Matches(OBJECT_NAME_PATTERN)
  image!: string;

  @IsOptional()
  @IsBoolean()
  imageEnable?: boolean;
}

export class FloorPlanPinInput {
  @IsString()
  @IsNotEmpty()
  itemName!: string;

  /** Position on the image, as a fraction of its width / height (0…1). */
  @IsNumber()
  @Min(0)
  @Max(1)
  x!: number;

  @IsNumber()
  @Min(0)
  @Max(1)
  y!: number;
}

/** PUT /items/{uuid}/floor-plan/pins: every pin of the floor plan at once (items below the node). */
export class FloorPlanPinsInput {
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => FloorPlanPinInput)
  pins!: FloorPlanPinInput[];
}

export class LocationQueryParams {
  @IsString()
  @IsNotEmpty()
  @MaxLength(300)
  query!: string;
}

export class LocationAddressParams {
  @IsString()
  @IsNotEmpty()
  @MaxLength(300)
  address!: string;
}

export class LocationLangQuery {
  @IsOptional()
  @IsString()
  @MaxLength(20)
  lang?: string;
}
