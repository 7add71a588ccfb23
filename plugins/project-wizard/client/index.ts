import { defineClientPlugin, jsonTexts } from '@sensorium/core/client';
import { projectCreators } from '@sensorium/applications/common';
import { manifest } from '../manifest';
import { LazyProjectWizard } from './lazy-project-wizard';

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.addStore('projectWizard', () => import('./store'), 'ProjectWizardStore');
    // A modal of the Application List (its Add New Project button), not a route: no sidebar entry.
    context.contribute(projectCreators, { id: 'project-wizard', component: LazyProjectWizard });
  },
});
