import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsNotBlank, Trim } from '@sensorium/core/common';

/** Application ids: lowercase letters, digits and underscore (shell spec §5). */
export const APPLICATION_ID_PATTERN = /^[a-z0-9_]+$/;

/** Body of POST /application/new/; the Create Application form validates with the same model. */
export class NewApplicationInput {
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  @Matches(APPLICATION_ID_PATTERN, { message: 'applications.validation.idPattern' })
  id!: string;

  @Trim()
  @IsString()
  @IsNotBlank()
  @MaxLength(100)
  name!: string;

  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;

  @IsString()
  @IsNotEmpty()
  endCustomerId!: string;
}

/** Body of POST /application/check/. */
export class ApplicationIdInput {
  @IsString()
  @IsNotEmpty()
  id!: string;
}
