import { isUUID } from 'class-validator';
import { HttpError } from '@sensorium/core/server';
import type { DashboardTheme, ThemeLookup } from '../common';
import type { BackgroundImages } from './background-images';
import type { ThemeRepository } from './theme-repository';

/** ThemeLookup over the theme repository and the background images (provided as ThemeLookupToken). */
export function themeLookup(repository: ThemeRepository, images: BackgroundImages): ThemeLookup {
  async function dashboardTheme(id: string): Promise<DashboardTheme | null> {
    if (!isUUID(id)) return null;
    try {
      return (await repository.find(id)).theme.dashboard;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return null;
      throw error;
    }
  }
  return {
    isVisible: async (user, id) => isUUID(id) && (await repository.findVisible(user, id)) !== null,
    dashboardTheme,
    async backgroundImage(id) {
      const image = (await dashboardTheme(id))?.backgroundImage;
      if (!image) return null;
      const url = await images.downloadUrl(image);
      return url ? { url } : images.read(image);
    },
  };
}
