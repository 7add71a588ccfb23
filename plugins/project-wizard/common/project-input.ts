import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsNotBlank, Trim } from '@sensorium/core/common';
import { LOCATION_TYPES, START_INFOS, type LocationType, type StartInfo } from './types';

/**
 * The body of POST /project (shell spec §7 Projects, §5 Project information); the wizard's form validates with the
 * same model. Building name and address are asked for a single location only.
 */
export class NewProjectInput {
  @IsIn(START_INFOS)
  startInfo!: StartInfo;

  @ValidateIf((input: NewProjectInput) => input.startInfo === 'use-template')
  @IsString()
  @IsNotEmpty({ message: 'project-wizard.validation.templateRequired' })
  templateId?: string;

  @Trim()
  @IsString()
  @IsNotBlank({ message: 'project-wizard.validation.projectNameRequired' })
  @MaxLength(100)
  projectName!: string;

  @IsIn(LOCATION_TYPES)
  locationType!: LocationType;

  @Trim()
  @ValidateIf((input: NewProjectInput) => input.locationType === 'single')
  @IsString()
  @IsNotBlank({ message: 'project-wizard.validation.buildingNameRequired' })
  @MaxLength(200)
  buildingName?: string;

  @Trim()
  @ValidateIf((input: NewProjectInput) => input.locationType === 'single')
  @IsString()
  @IsNotBlank({ message: 'project-wizard.validation.addressRequired' })
  @MaxLength(500)
  address?: string;

  @IsString()
  @IsNotEmpty()
  endCustomerId!: string;
}

/** GET /project/templates: the tag filter, omitted for All. */
export class TemplateListQuery {
  @IsOptional()
  @IsString()
  @MaxLength(50)
  tag?: string;
}

export class TemplateParams {
  @IsString()
  @MaxLength(100)
  id!: string;
}
