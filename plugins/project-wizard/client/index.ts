import { PuzzlePieceRegular } from '@fluentui/react-icons';
import { defineClientPlugin, routes, sidebarGroups } from '@sensorium/core/client';
import { manifest } from '../manifest';
import cn from './i18n/cn.json';
import en from './i18n/en.json';
import hk from './i18n/hk.json';
import { ProjectWizardStore } from './store';

export default defineClientPlugin({
  manifest,
  i18n: { en, hk, cn },
  register(context) {
    context.addStore('projectWizard', ProjectWizardStore);
    // The page loads on first visit, so it adds nothing to the login page.
    context.contribute(routes, {
      path: 'project-wizard',
      load: () => import('./ProjectWizardPage'),
      titleKey: 'project-wizard.title',
      guard: 'auth',
    });
    // A sidebar group of its own with a url is a plain link, visible to every signed-in user.
    context.contribute(sidebarGroups, {
      id: 'project-wizard',
      titleKey: 'project-wizard.title',
      icon: PuzzlePieceRegular,
      order: 100,
      url: '/project-wizard',
    });
  },
});
