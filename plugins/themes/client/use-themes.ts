import { usePluginStore } from '@sensorium/core/client';
import type { ThemesStore, ThemesStoreInstance } from './store';

export const THEMES_STORE = 'themes';

/** The themes store. Read it inside an observer() component. */
export function useThemes(): ThemesStoreInstance {
  return usePluginStore<typeof ThemesStore>(THEMES_STORE);
}
