import { Button } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigation } from 'react-router-dom';
import { isLanguage, useSystemInfo } from '@sensorium/core/client';
import { LANGUAGE_TAGS } from '@sensorium/core/common';
import { StatusPage } from '../pages/status-page';
import { NavigationProgress } from './navigation-progress';
import type { RouteHandle } from './route-table';

/** State a navigation may carry to keep the loading bar hidden (spec §4 Navigation). */
export interface NavigationState {
  ignoreLoadingBar?: boolean;
}

/**
 * Wraps every page: the loading bar while a navigation runs, the page title "<company> - <route title>",
 * and the document language.
 */
export function RootFrame() {
  const { t, i18n } = useTranslation();
  const { companyName } = useSystemInfo();
  const navigation = useNavigation();
  const matches = useMatches();

  const titleKey = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.titleKey)
    .filter((key) => key !== undefined)
    .at(-1);
  const title = titleKey ? `${companyName} - ${t(titleKey)}` : companyName;
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    if (isLanguage(i18n.language)) document.documentElement.lang = LANGUAGE_TAGS[i18n.language];
  }, [i18n.language]);

  const ignored = (navigation.location?.state as NavigationState | null)?.ignoreLoadingBar === true;
  return (
    <>
      {navigation.state !== 'idle' && !ignored && <NavigationProgress />}
      <Outlet />
    </>
  );
}

/** Shown when a page's code cannot load (e.g. after an upgrade) or a page throws; Go Home reloads the console. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="!"
      title={t('shell.pages.error.title')}
      message={t('shell.pages.error.message')}
      actions={
        <Button appearance="primary" onClick={() => window.location.assign('/home')}>
          {t('shell.pages.goHome')}
        </Button>
      }
    />
  );
}
