import { usePluginStore } from '@sensorium/core/client';
import type { BackupsStore, BackupsStoreInstance } from './store';

export const BACKUPS_STORE = 'backups';

/** The backups store. Read it inside an observer() component. */
export function useBackups(): BackupsStoreInstance {
  return usePluginStore<typeof BackupsStore>(BACKUPS_STORE);
}
