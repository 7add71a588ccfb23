import { IsNotEmpty, IsString } from 'class-validator';
import { defineRoute, HttpError, readUpload, type AnyRouteDefinition, type ApplicationDataOwners } from '@sensorium/core/server';
import { ApplicationPatchInput, LOGO_MAX_BYTES, LOGO_MIME_TYPES } from '../common';
import type { ApplicationRepository } from './application-repository';
import type { LogoStore } from './logo-store';

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

/** One application: read, change, delete, and its logo (shell spec §2.8, §7). Changes need the `setting` permission. */
export function applicationDetailRoutes(
  repository: ApplicationRepository,
  logos: LogoStore,
  /** Read per call: plugins registered after this one contribute too. */
  dataOwners: () => ApplicationDataOwners,
): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/application/:id',
      summary: 'One application with its settings',
      params: ApplicationParams,
      handler: ({ user, params }) => repository.get(user, params.id),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/application/:id',
      summary: 'Change name, description, setting or logo id (empty clears the logo)',
      permission: 'setting',
      params: ApplicationParams,
      body: ApplicationPatchInput,
      handler: async ({ user, params, body }) => {
        const { logo, ...rest } = body;
        if (logo) {
          await repository.get(user, params.id);
          if (!(await logos.exists(params.id, logo))) throw HttpError.badRequest('applications.validation.unknownLogo', 'logo');
        }
        await repository.update(user, params.id, { ...rest, ...(logo !== undefined ? { logo: logo || null } : {}) });
        if (logo !== undefined) await logos.removeAll(params.id, logo || null);
        return repository.get(user, params.id);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/application/:id/',
      summary: 'Delete an application and everything every plugin keeps for it',
      permission: 'setting',
      params: ApplicationParams,
      handler: ({ user, params }) => repository.remove(user, params.id, dataOwners()),
    }),
    defineRoute({
      method: 'PUT',
      url: '/application/:id/logo',
      summary: `Upload the logo (multipart field "logo"; PNG, JPEG, GIF or WebP; at most ${LOGO_MAX_BYTES} bytes)`,
      permission: 'setting',
      params: ApplicationParams,
      rawBody: true,
      handler: async ({ user, params, request }) => {
        await repository.get(user, params.id);
        const upload = await readUpload(request, { field: 'logo', maxBytes: LOGO_MAX_BYTES, mimeTypes: LOGO_MIME_TYPES });
        const logo = await logos.save(params.id, upload.mimeType, upload.content);
        await repository.update(user, params.id, { logo });
        // The replaced logo goes only once the new one is recorded.
        await logos.removeAll(params.id, logo);
        return repository.get(user, params.id);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/application/:id/logo',
      summary: 'Remove the logo',
      permission: 'setting',
      params: ApplicationParams,
      handler: async ({ user, params }) => {
        await repository.update(user, params.id, { logo: null });
        await logos.removeAll(params.id);
        return repository.get(user, params.id);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/application/:id/:logo',
      summary: 'The logo image; image tags authenticate with ?token=',
      params: LogoParams,
      queryToken: true,
      handler: async ({ user, params, reply }) => {
        const app = await repository.get(user, params.id);
        const image = app.logo === params.logo ? await logos.read(params.id, params.logo) : null;
        if (!image) throw HttpError.notFound();
        const link = await logos.downloadUrl(params.id, params.logo);
        if (link) return reply.redirect(link);
        return reply.type(image.contentType).header('cache-control', 'private, max-age=3600').send(image.content);
      },
    }),
  ];
}
