import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { defineRoute, type AnyRouteDefinition } from '@sensorium/core/server';
import { CreateBackupInput, RestoreBackupInput } from '../common';
import type { BackupService } from './backup-service';

class AppParams {
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  appId!: string;
}

class BackupParams extends AppParams {
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  folder!: string;
}

/** The spec's backup calls (shell §7 Backups) plus restore; all need the `setting` permission. */
export function backupRoutes(service: BackupService): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/backup/:appId',
      summary: 'Backups of an application, newest first',
      permission: 'setting',
      params: AppParams,
      handler: ({ user, params }) => service.list(user, params.appId),
    }),
    defineRoute({
      method: 'POST',
      url: '/backup/:appId',
      summary: 'Back up everything the application owns; progress goes out on the backup-progress push topic',
      permission: 'setting',
      params: AppParams,
      body: CreateBackupInput,
      handler: async ({ user, params, body, reply }) => {
        const backup = await service.create(user, params.appId, body.description);
        reply.code(201);
        return backup;
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/backup/:appId/:folder',
      summary: 'Delete a backup',
      permission: 'setting',
      params: BackupParams,
      handler: ({ user, params }) => service.remove(user, params.appId, params.folder),
    }),
    defineRoute({
      method: 'GET',
      url: '/backup/download/:appId/:folder',
      summary: 'Download a backup as a zip',
      permission: 'setting',
      params: BackupParams,
      // A plain link can download it.
      queryToken: true,
      handler: async ({ user, params, reply }) => {
        const zip = await service.download(user, params.appId, params.folder);
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="backup-${params.folder}.zip"`)
          .send(zip);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/backup/:appId/:folder/restore',
      summary: 'Restore a backup into the same application or into a new application id',
      permission: 'setting',
      params: BackupParams,
      body: RestoreBackupInput,
      handler: ({ user, params, body }) => service.restore(user, params.appId, params.folder, body.targetAppId),
    }),
  ];
}
