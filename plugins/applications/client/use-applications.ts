import { useEffect } from 'react';
import { usePluginStore } from '@sensorium/core/client';
import type { ApplicationsStore, ApplicationsStoreInstance } from './store';

export const APPLICATIONS_STORE = 'applications';

/** The applications store, loaded on first use. Read it inside an observer() component. */
export function useApplications(): ApplicationsStoreInstance {
  const store = usePluginStore<typeof ApplicationsStore>(APPLICATIONS_STORE);
  useEffect(() => store.ensureLoaded(), [store]);
  return store;
}
