import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { appIdFromPath } from '@sensorium/core/client';
import { severityScale, type ApplicationSeverities, type SeverityScale } from '../common';
import { useApplications } from './use-applications';

/**
 * The severity scale of the application in the path (/app/{app_id}/…), from the application list the switcher loads:
 * its own levels once loaded and saved, the defaults before and outside an application. Read inside an observer().
 */
export function useSeverityScale(): SeverityScale {
  const { t } = useTranslation();
  const store = useApplications();
  const appId = appIdFromPath(useLocation().pathname);
  return severityScale(store.find(appId)?.setting, t);
}

/** What the plugin provides as ApplicationSeveritiesToken to other plugins' pages. */
export const applicationSeverities: ApplicationSeverities = { useSeverityScale };
