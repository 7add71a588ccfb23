import { defineClientPlugin, headerActions, routes } from '../../../core/client';
import { manifest } from '../manifest';
import { AlarmBell } from './components/alarm-bell';
import { ApplicationSwitcher } from './components/application-switcher';
import cn from './i18n/cn.json';
import en from './i18n/en.json';
import hk from './i18n/hk.json';
import { ApplicationsStore } from './store';
import { APPLICATIONS_STORE } from './use-applications';

export default defineClientPlugin({
  manifest,
  i18n: { en, hk, cn },
  register(context) {
    context.addStore(APPLICATIONS_STORE, ApplicationsStore);
    context.contribute(routes, {
      path: 'application/application-list',
      load: () => import('./pages/application-list-page'),
      titleKey: 'applications.title',
      guard: 'auth',
    });
    context.contribute(headerActions, { id: 'applications.switcher', order: 10, component: ApplicationSwitcher });
    context.contribute(headerActions, { id: 'applications.alarm-bell', order: 20, component: AlarmBell });
  },
});
