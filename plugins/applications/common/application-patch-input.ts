import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { IsNotBlank, Trim } from '@sensorium/core/common';
import { SEVERITY_COLOURS, type SeverityColour } from './application';

/** The settings form's message for a blank required field (shell spec §5). */
export const FILL_OUT_FORM = 'applications.validation.fillOutForm';

export class SeverityLevelInput {
  @Trim()
  @IsString()
  @IsNotBlank({ message: FILL_OUT_FORM })
  @MaxLength(50)
  name!: string;

  @IsString()
  @MaxLength(200)
  description!: string;

  @IsIn(SEVERITY_COLOURS)
  color!: SeverityColour;

  @IsBoolean()
  sound!: boolean;

  @IsBoolean()
  enabled!: boolean;
}

/** Severity levels keyed by level number 0–4; any other key is refused. */
export class SeveritySettingInput {
  @IsOptional()
  @ValidateNested()
  @Type(() => SeverityLevelInput)
  '0'?: SeverityLevelInput;

  @IsOptional()
  @ValidateNested()
  @Type(() => SeverityLevelInput)
  '1'?: SeverityLevelInput;

  @IsOptional()
  @ValidateNested()
  @Type(() => SeverityLevelInput)
  '2'?: SeverityLevelInput;

  @IsOptional()
  @ValidateNested()
  @Type(() => SeverityLevelInput)
  '3'?: SeverityLevelInput;

  @IsOptional()
  @ValidateNested()
  @Type(() => SeverityLevelInput)
  '4'?: SeverityLevelInput;
}

export class ApplicationSettingInput {
  @IsBoolean()
  severitySettingEnable!: boolean;

  @IsOptional()
  @ValidateNested()
  @Type(() => SeveritySettingInput)
  severitySetting?: SeveritySettingInput;
}

/** Body of PATCH /application/{id}: any of name, description, setting (replaced whole) and logo ('' clears it). */
export class ApplicationPatchInput {
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotBlank({ message: FILL_OUT_FORM })
  @MaxLength(100)
  name?: string;

  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => ApplicationSettingInput)
  setting?: ApplicationSettingInput;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  logo?: string;
}
