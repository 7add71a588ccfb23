import { consoleRoutes, defineClientPlugin, jsonTexts, routes } from '@sensorium/core/client';
import { LICENCES } from '@sensorium/core/common';
import { manifest } from '../manifest';
import { ACCOUNT_STORE } from './stores/store-name';

const loadLoginPage = () => import('./pages/login-page');
const loadEmailVerificationPage = () => import('./pages/email-verification-page');
const loadForgotPasswordPage = () => import('./pages/forgot-password-page');
const signUpLicence = { licence: LICENCES.signUp };

export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`./i18n/${language}.json`)),
  register(context) {
    context.addStore(ACCOUNT_STORE, () => import('./stores'), 'AccountStore');
    context.contribute(routes, {
      path: 'auth/login',
      load: loadLoginPage,
      titleKey: 'account.login.routeTitle',
      guard: 'login-type',
      ref: consoleRoutes.login,
    });
    // The same login page, opened by the HTTP client when the session could not be refreshed (spec §8).
    context.contribute(routes, {
      path: 'auth/session-expired',
      load: loadLoginPage,
      titleKey: 'account.login.routeTitle',
      guard: 'login-type',
      ref: consoleRoutes.sessionExpired,
    });

    // Sign-up flow (accounts spec §2, §4), with the sign-up licence.
    context.contribute(
      routes,
      {
        path: 'auth/sign-up',
        load: () => import('./pages/sign-up-page'),
        titleKey: 'account.signUp.routeTitle',
        guard: 'login-type',
        ref: consoleRoutes.signUp,
      },
      signUpLicence,
    );
    context.contribute(
      routes,
      {
        path: 'auth/email-verification/:token',
        load: loadEmailVerificationPage,
        titleKey: 'account.verification.routeTitle',
        guard: 'login-type',
      },
      signUpLicence,
    );
    // Without a token the page sends the visitor back to sign-up.
    context.contribute(
      routes,
      {
        path: 'auth/email-verification',
        load: loadEmailVerificationPage,
        titleKey: 'account.verification.routeTitle',
        guard: 'login-type',
      },
      signUpLicence,
    );
    context.contribute(
      routes,
      {
        path: 'auth/account-company-information',
        load: () => import('./pages/company-information-page'),
        titleKey: 'account.company.routeTitle',
        guard: 'sign-up',
      },
      signUpLicence,
    );
    context.contribute(
      routes,
      {
        path: 'auth/redirect-login',
        load: () => import('./pages/account-created-page'),
        titleKey: 'account.created.routeTitle',
        guard: 'login-type',
      },
      signUpLicence,
    );

    // Password recovery (accounts spec §2, §4).
    context.contribute(routes, {
      path: 'auth/forgot-password',
      load: loadForgotPasswordPage,
      titleKey: 'account.forgot.routeTitle',
      guard: 'login-type',
    });
    context.contribute(routes, {
      path: 'auth/forgot-password/enter-email',
      load: loadForgotPasswordPage,
      titleKey: 'account.forgot.routeTitle',
      guard: 'login-type',
    });
    context.contribute(routes, {
      path: 'auth/forgot-password/email-sent',
      load: () => import('./pages/email-sent-page'),
      titleKey: 'account.emailSent.routeTitle',
      guard: 'login-type',
    });
    context.contribute(routes, {
      path: 'auth/forgot-password/reset',
      load: () => import('./pages/reset-password-page'),
      titleKey: 'account.reset.routeTitle',
      guard: 'none',
    });
    context.contribute(routes, {
      path: 'auth/forgot-password/success',
      load: () => import('./pages/reset-success-page'),
      titleKey: 'account.resetSuccess.routeTitle',
      guard: 'none',
    });
  },
});
