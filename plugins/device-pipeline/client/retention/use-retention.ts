import { usePluginStore } from '@sensorium/core/client';
import type { RetentionStore, RetentionStoreInstance } from './store';

export const RETENTION_STORE = 'devicePipelineRetention';

/** The retention settings' store. Read it inside an observer() component. */
export function useRetention(): RetentionStoreInstance {
  return usePluginStore<typeof RetentionStore>(RETENTION_STORE);
}
