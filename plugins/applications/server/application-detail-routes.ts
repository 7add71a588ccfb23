import { IsNotEmpty, IsString } from 'class-validator';
import {
  auditLeaves,
  defineAppRoute,
  HttpError,
  readUpload,
  type AnyRouteDefinition,
  type ApplicationDataOwners,
  type AppRouteContext,
} from '@sensorium/core/server';
import { ApplicationPatchInput, LOGO_MAX_BYTES, LOGO_MIME_TYPES } from '../common';
import type { ApplicationRepository } from './application-repository';
import type { LogoStore } from './logo-store';
import { applicationDetailSchema } from './response-schemas';

class ApplicationParams {
  @IsString()
  @IsNotEmpty()
  id!: string;
}

class LogoParams extends ApplicationParams {
  @IsString()
  @IsNotEmpty()
  logo!: string;
}

/**
 * One application: read, change, delete, and its logo (shell spec §2.8, §7). Changes need the `setting` permission.
 * Every route names its application (`app: 'id'`): the pipeline answers 404 unless the caller may see it.
 */
export function applicationDetailRoutes(
  repository: ApplicationRepository,
  logos: LogoStore,
  /** Read per call: plugins registered after this one contribute too. */
  dataOwners: () => ApplicationDataOwners,
): AnyRouteDefinition[] {
  /** The application before and after a change: its record lists the changed fields (settings by path), old and new. */
  const applicationAudit = {
    row: async ({ app }: AppRouteContext<unknown, unknown, unknown>) => auditLeaves(await repository.get(app.id)),
  };
  return [
    defineAppRoute({
      method: 'GET',
      url: '/application/:id',
      summary: 'One application with its settings',
      params: ApplicationParams,
      app: 'id',
      response: applicationDetailSchema,
      handler: ({ app }) => repository.get(app.id),
    }),
    defineAppRoute({
      method: 'PATCH',
      url: '/application/:id',
      summary: 'Change name, description, setting or logo id (empty clears the logo)',
      permission: 'setting',
      params: ApplicationParams,
      body: ApplicationPatchInput,
      app: 'id',
      audit: applicationAudit,
      response: applicationDetailSchema,
      handler: async ({ app, body }) => {
        const { logo, ...rest } = body;
        if (logo && !(await logos.exists(app.id, logo)))
          throw HttpError.badRequest('applications.validation.unknownLogo', 'logo');
        await repository.update(app.id, { ...rest, ...(logo !== undefined ? { logo: logo || null } : {}) });
        if (logo !== undefined) await logos.removeAll(app.id, logo || null);
        return repository.get(app.id);
      },
    }),
    defineAppRoute({
      method: 'DELETE',
      url: '/application/:id/',
      summary: 'Delete an application and everything every plugin keeps for it',
      permission: 'setting',
      params: ApplicationParams,
      app: 'id',
      audit: applicationAudit,
      handler: async ({ app, audit }) => {
        // Once deleted, the application's name can no longer be looked up for the record's location.
        audit.location((await repository.get(app.id)).name);
        await repository.remove(app.id, dataOwners());
      },
    }),
    defineAppRoute({
      method: 'PUT',
      url: '/application/:id/logo',
      summary: `Upload the logo (multipart field "logo"; PNG, JPEG, GIF or WebP; at most ${LOGO_MAX_BYTES} bytes)`,
      permission: 'setting',
      params: ApplicationParams,
      app: 'id',
      rawBody: true,
      audit: applicationAudit,
      response: applicationDetailSchema,
      handler: async ({ app, request }) => {
        const upload = await readUpload(request, { field: 'logo', maxBytes: LOGO_MAX_BYTES, mimeTypes: LOGO_MIME_TYPES });
        const logo = await logos.save(app.id, upload.mimeType, upload.content);
        await repository.update(app.id, { logo });
        // The replaced logo goes only once the new one is recorded.
        await logos.removeAll(app.id, logo);
        return repository.get(app.id);
      },
    }),
    defineAppRoute({
      method: 'DELETE',
      url: '/application/:id/logo',
      summary: 'Remove the logo',
      permission: 'setting',
      params: ApplicationParams,
      app: 'id',
      audit: applicationAudit,
      response: applicationDetailSchema,
      handler: async ({ app }) => {
        await repository.update(app.id, { logo: null });
        await logos.removeAll(app.id);
        return repository.get(app.id);
      },
    }),
    defineAppRoute({
      method: 'GET',
      url: '/application/:id/:logo',
      summary: 'The logo image; image tags authenticate with ?token=',
      params: LogoParams,
      app: 'id',
      queryToken: true,
      handler: async ({ app, params, reply }) => {
        const { logo } = await repository.get(app.id);
        const image = logo === params.logo ? await logos.read(app.id, params.logo) : null;
        if (!image) throw HttpError.notFound();
        const link = await logos.downloadUrl(app.id, params.logo);
        if (link) return reply.redirect(link);
        return reply.type(image.contentType).header('cache-control', 'private, max-age=3600').send(image.content);
      },
    }),
  ];
}
