import { lazy, Suspense } from 'react';
import type { ProjectCreatorProps } from '@sensorium/applications/common';

// The wizard's code loads when Add New Project is first pressed, not with the console.
const ProjectWizardDialog = lazy(() => import('./wizard/project-wizard-dialog'));

/** The Application List's project creator: the wizard, loaded on first use. */
export function LazyProjectWizard(props: ProjectCreatorProps) {
  return (
    <Suspense fallback={null}>
      <ProjectWizardDialog {...props} />
    </Suspense>
  );
}
