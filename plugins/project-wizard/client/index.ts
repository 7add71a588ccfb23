import { defineClientPlugin } from '@sensorium/core/client';
import { projectCreators } from '@sensorium/applications/common';
import { projectWizardI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { ProjectWizardStore } from './store';
import { LazyProjectWizard } from './lazy-project-wizard';

export default defineClientPlugin({
  manifest,
  i18n: projectWizardI18n,
  register(context) {
    context.addStore('projectWizard', ProjectWizardStore);
    // A modal of the Application List (its Add New Project button), not a route: no sidebar entry.
    context.contribute(projectCreators, { id: 'project-wizard', component: LazyProjectWizard });
  },
});
