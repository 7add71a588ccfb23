import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsNotBlank, Nullable, Trim } from '@sensorium/core/common';
import { DEVICE_PROFILE_SOURCES, type DeviceProfile, type DeviceProfileSource } from '@sensorium/nodes/common';

export * from './i18n';

export const EXTRA_INFO_TYPES = ['string', 'number', 'boolean', 'array'] as const;
export type ExtraInfoType = (typeof EXTRA_INFO_TYPES)[number];

/**
 * The one ChirpStack profile with the display-unit rule (node spec §3.5): the Milesight AM104 ambience sensor, whose
 * decoder reports exactly these fields. Only they are offered as display units, and a save sends only the ticked ones
 * (as the keys of outputSimpleDefault and outputConfig). Seeded by this plugin under this uuid.
 */
export const DISPLAY_UNIT_PROFILE_UUID = '6a1c1e0e-0010-4c5e-9a51-0000000000b0';
export const DISPLAY_UNITS = [
  'Battery',
  'Temperature',
  'Humidity',
  'Activity',
  'Illumination',
  'Infrared',
  'Infrared_and_visible',
] as const;
export type DisplayUnit = (typeof DISPLAY_UNITS)[number];

/** Seeded profiles (the nodes plugin's and the display-unit one) stay: they can be changed but not deleted. */
export function isSeededProfile(uuid: string): boolean {
  return /^6a1c1e0e-00[0-9a-f]{2}-4c5e-9a51-0000000000[0-9a-f]{2}$/.test(uuid);
}

/** The export file's format marker. */
export const PROFILE_EXPORT_FORMAT = 'sensorium-device-profiles/v1';

export interface DeviceProfileExport {
  format: typeof PROFILE_EXPORT_FORMAT;
  exportedAt: string;
  profiles: DeviceProfile[];
}

export interface ImportAnswer {
  created: number;
  updated: number;
}

export class CommandInput {
  @Trim()
  @IsString()
  @IsNotBlank({ message: 'device-profiles.validation.commandIdRequired' })
  @MaxLength(100)
  id!: string;

  @Trim()
  @IsString()
  @IsNotBlank({ message: 'device-profiles.validation.commandDisplayRequired' })
  @MaxLength(200)
  display!: string;

  /** What the data source sends (`{fPort, data}` for LoRaWAN, `{object}`…). */
  @IsOptional()
  @IsObject()
  payload?: Record<string, unknown>;
}

export class ExtraInfoSettingInput {
  @Trim()
  @IsString()
  @IsNotBlank({ message: 'device-profiles.validation.extraNameRequired' })
  @Matches(/^[A-Za-z_][A-Za-z0-9_]*$/, { message: 'device-profiles.validation.extraName' })
  @MaxLength(100)
  name!: string;

  @IsIn(EXTRA_INFO_TYPES, { message: 'device-profiles.validation.extraType' })
  type!: ExtraInfoType;
}

/** A profile as created, changed or imported (node spec §3.5). */
export class DeviceProfileInput {
  @Trim()
  @IsString()
  @IsNotBlank({ message: 'device-profiles.validation.nameRequired' })
  @MaxLength(200)
  deviceProfileName!: string;

  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  sensorBrand?: string;

  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  sensorModel?: string;

  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  subType?: string;

  @IsIn(DEVICE_PROFILE_SOURCES, { message: 'device-profiles.validation.dataSource' })
  dataSource!: DeviceProfileSource;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => CommandInput)
  commands?: CommandInput[];

  @IsOptional()
  @IsObject()
  outputSimpleDefault?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  outputConfig?: Record<string, unknown>;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => ExtraInfoSettingInput)
  deviceExtraInfoSetting?: ExtraInfoSettingInput[];
}

export class ProfileParams {
  @IsUUID()
  uuid!: string;
}

/** One profile of an import file: its uuid (kept, so a re-import changes it) and its fields. */
export class ImportedProfileInput extends DeviceProfileInput {
  @IsOptional()
  @IsUUID()
  uuid?: string;

  /** As exported (null: offered to every application); an import always offers the profile to every application. */
  @Nullable()
  @IsOptional()
  @IsString()
  appId?: string | null;
}

/** Body of POST /device-profiles/import: the `profiles` of an export file. */
export class ImportProfilesInput {
  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => ImportedProfileInput)
  profiles!: ImportedProfileInput[];
}
