import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { defineAppRoute, type AnyRouteDefinition } from '@sensorium/core/server';
import { CreateBackupInput, RestoreBackupInput } from '../common';
import { backupListSchema, backupSchema, restoredSchema } from './response-schemas';
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

/**
 * The spec's backup calls (shell §7 Backups) plus restore; all need the `setting` permission. Each names its
 * application (`app: 'appId'`): another tenant's application answers 404 before anything else is read.
 */
export function backupRoutes(service: BackupService): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'GET',
      url: '/backup/:appId',
      summary: 'Backups of an application, newest first',
      permission: 'setting',
      params: AppParams,
      app: 'appId',
      response: backupListSchema,
      handler: ({ app }) => service.list(app.id),
    }),
    defineAppRoute({
      method: 'POST',
      url: '/backup/:appId',
      summary: 'Back up everything the application owns; progress goes out on the backup-progress push topic',
      permission: 'setting',
      params: AppParams,
      app: 'appId',
      body: CreateBackupInput,
      response: backupSchema,
      created: true,
      handler: ({ app, body }) => service.create(app, body.description),
    }),
    defineAppRoute({
      method: 'DELETE',
      url: '/backup/:appId/:folder',
      summary: 'Delete a backup',
      permission: 'setting',
      params: BackupParams,
      app: 'appId',
      handler: ({ app, params }) => service.remove(app.id, params.folder),
    }),
    defineAppRoute({
      method: 'GET',
      url: '/backup/download/:appId/:folder',
      errors: [409],
      summary: 'Download a backup as a zip',
      permission: 'setting',
      params: BackupParams,
      app: 'appId',
      // A plain link can download it.
      queryToken: true,
      handler: async ({ app, params, reply }) => {
        const zip = await service.download(app.id, params.folder);
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="backup-${params.folder}.zip"`)
          .send(zip);
      },
    }),
    defineAppRoute({
      method: 'POST',
      url: '/backup/:appId/:folder/restore',
      errors: [409],
      summary: 'Restore a backup into the same application or into a new application id',
      permission: 'setting',
      params: BackupParams,
      app: 'appId',
      body: RestoreBackupInput,
      response: restoredSchema,
      handler: ({ app, user, params, body }) => service.restore(user, app.id, params.folder, body.targetAppId),
    }),
  ];
}
