import { usePluginStore } from '@sensorium/core/client';
import type { ProjectWizardStore } from './store';

/** The wizard's store (client/index.ts adds it as `projectWizard`). */
export const useProjectWizard = () => usePluginStore<typeof ProjectWizardStore>('projectWizard');
