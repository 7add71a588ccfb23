import { Field, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp, usePluginStore, useSessionUser } from '@sensorium/core/client';
import type { ApplicationListResponse, ApplicationSummary } from '@sensorium/applications/common';
import { DashboardView } from '../components/dashboard-view';
import { MAIN, type DashboardsStore } from '../store';
import { useLiveValues } from '../use-live-values';
import { useThemes } from '../use-theme';
import { EDITOR_LEVELS } from './dashboard-page';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
});

/**
 * app/all/dashboard/main: the main dashboards of the applications the user sees (where the admin guard sends end
 * customers), one application at a time.
 */
function AllDashboardsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const http = useHttp();
  const user = useSessionUser();
  const store = usePluginStore<typeof DashboardsStore>('dashboards');
  const themes = useThemes(true);
  const [apps, setApps] = useState<ApplicationSummary[] | null>(null);
  const [appId, setAppId] = useState('');
  useEffect(() => {
    http
      .get('application/')
      .json<ApplicationListResponse>()
      .then((answer) => {
        setApps(answer.appList);
        setAppId((current) => current || answer.appList[0]?.id || '');
      })
      .catch(() => setApps([]));
  }, [http]);
  useEffect(() => {
    if (appId) void store.open(appId, MAIN);
  }, [store, appId]);
  useLiveValues(appId, store);
  if (apps === null) return null;
  return (
    <div style={{ width: '100%', minWidth: 0 }}>
      <div className={styles.page}>
        {apps.length === 0 ? (
          <Text>{t('dashboards.noApplications')}</Text>
        ) : (
          <Field label={t('dashboards.application')}>
            <Select value={appId} onChange={(_event, data) => setAppId(data.value)}>
              {apps.map((app) => (
                <option key={app.id} value={app.id}>
                  {app.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </div>
      {appId && <DashboardView store={store} themes={themes} canEdit={!!user && EDITOR_LEVELS.includes(user.level)} />}
    </div>
  );
}

export default observer(AllDashboardsPage);
