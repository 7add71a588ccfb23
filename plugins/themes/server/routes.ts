import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { auditLeaves, defineRoute, HttpError, readUpload, type AnyRouteDefinition } from '@sensorium/core/server';
import {
  BACKGROUND_IMAGE_FIELD,
  BACKGROUND_IMAGE_MAX_BYTES,
  BACKGROUND_IMAGE_TYPES,
  THEME_SCOPE,
  ThemeProfileInput,
  type ThemeProfile,
} from '../common';
import { BACKGROUND_IMAGE_NAME, type BackgroundImages } from './background-images';
import { themeProfileListSchema, themeProfileSchema } from './response-schemas';
import type { ThemeRepository } from './theme-repository';

class ThemeParams {
  @IsString()
  @IsNotEmpty()
  id!: string;
}

class ImageParams {
  @Matches(BACKGROUND_IMAGE_NAME)
  image!: string;
}

/** Optional paging of the list; the browser pages at 10 rows itself, so it asks for every theme. */
class ThemeListQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}

class ImageQuery {
  /** The access token, read by the host's queryToken authentication. */
  @IsOptional()
  @IsString()
  token?: string;

  /** Cache-busting timestamp some clients add. */
  @IsOptional()
  @IsString()
  t?: string;
}

/**
 * Changing themes needs the `setting` permission and a cloud or si-customer user (end-customer users read themes only);
 * reading them needs a session only (README). A route on one theme declares it (`scope`): 404 unless the caller sees it.
 */
export function themeRoutes(repository: ThemeRepository, images: BackgroundImages): AnyRouteDefinition[] {
  const forgetImage = async (name: string) => {
    if (name) await images.delete(name);
  };
  return [
    defineRoute({
      method: 'GET',
      url: '/theme-profile/',
      summary: 'Themes the caller may see, sorted by name',
      query: ThemeListQuery,
      response: themeProfileListSchema,
      handler: ({ user, query }): Promise<ThemeProfile[]> => repository.list(user, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/theme-profile/new',
      summary: 'Create a theme for the caller’s organisation',
      permission: 'setting',
      levels: ['cloud', 'si-customer'],
      body: ThemeProfileInput,
      response: themeProfileSchema,
      created: true,
      handler: ({ user, body }) => repository.create(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/theme-profile/update/:id',
      summary: 'Change a theme; backgroundImage "" removes its background image',
      permission: 'setting',
      levels: ['cloud', 'si-customer'],
      params: ThemeParams,
      scope: { kind: THEME_SCOPE, from: 'id' },
      body: ThemeProfileInput,
      audit: { row: async ({ params }) => auditLeaves(await repository.find(params.id)) },
      response: themeProfileSchema,
      handler: async ({ params, body }) => {
        const { theme, unusedImage } = await repository.update(params.id, body);
        await forgetImage(unusedImage);
        return theme;
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/theme-profile/:id/background',
      summary: `Upload a theme's background image (multipart field "${BACKGROUND_IMAGE_FIELD}", PNG/JPEG/GIF/WebP, at most 5 MB)`,
      permission: 'setting',
      levels: ['cloud', 'si-customer'],
      params: ThemeParams,
      // Checked before the upload is read, so another tenant's theme id learns nothing from the upload's errors.
      scope: { kind: THEME_SCOPE, from: 'id' },
      rawBody: true,
      audit: { row: async ({ params }) => auditLeaves(await repository.find(params.id)) },
      response: themeProfileSchema,
      handler: async ({ params, request }) => {
        const upload = await readUpload(request, {
          field: BACKGROUND_IMAGE_FIELD,
          maxBytes: BACKGROUND_IMAGE_MAX_BYTES,
          mimeTypes: Object.keys(BACKGROUND_IMAGE_TYPES),
        });
        const stored = await images.store(params.id, upload);
        try {
          const { theme, unusedImage } = await repository.setBackground(params.id, stored);
          await forgetImage(unusedImage);
          return theme;
        } catch (error) {
          await images.delete(stored);
          throw error;
        }
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/dashboard/default_application/:image',
      summary: 'A theme background image; `?token=` authenticates <img> tags',
      params: ImageParams,
      query: ImageQuery,
      queryToken: true,
      handler: async ({ user, params, reply }) => {
        const image = (await repository.hasVisibleBackground(user, params.image)) ? await images.read(params.image) : null;
        if (!image) throw HttpError.notFound();
        const link = await images.downloadUrl(params.image);
        if (link) return reply.redirect(link);
        return reply.type(image.contentType).header('cache-control', 'private, max-age=86400').send(image.content);
      },
    }),
  ];
}
