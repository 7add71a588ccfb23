import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IsNotBlank, Trim } from '@sensorium/core/common';
import { APPLICATION_ID_PATTERN } from '@sensorium/applications/common';

/** Body of POST /backup/{appId}; the Create Backup form validates with the same model (shell spec §5). */
export class CreateBackupInput {
  @Trim()
  @IsString({ message: 'backups.validation.descriptionRequired' })
  @MinLength(1, { message: 'backups.validation.descriptionRequired' })
  @IsNotBlank({ message: 'backups.validation.descriptionRequired' })
  @MaxLength(500)
  description!: string;
}

/** Body of POST /backup/{appId}/{folder}/restore: no target restores into the same application. */
export class RestoreBackupInput {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  @Matches(APPLICATION_ID_PATTERN, { message: 'applications.validation.idPattern' })
  targetAppId?: string;
}
