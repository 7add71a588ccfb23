import { defineClientPlugin, routes } from '../../../core/client';
import { manifest } from '../manifest';
import cn from './i18n/cn.json';
import en from './i18n/en.json';
import hk from './i18n/hk.json';

const loadLoginPage = () => import('./pages/login-page');

export default defineClientPlugin({
  manifest,
  i18n: { en, hk, cn },
  register(context) {
    context.contribute(routes, {
      path: 'auth/login',
      load: loadLoginPage,
      titleKey: 'account.login.routeTitle',
      guard: 'login-type',
    });
    // The same login page, opened by the HTTP client when the session could not be refreshed (spec §8).
    context.contribute(routes, {
      path: 'auth/session-expired',
      load: loadLoginPage,
      titleKey: 'account.login.routeTitle',
      guard: 'login-type',
    });
  },
});
