import { MessageBar } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePluginStore } from '@sensorium/core/client';
import { DashboardView } from '../components/dashboard-view';
import type { DashboardsStore } from '../store';

/** A share link's view asks for the latest values this often (the push socket is for signed-in users). */
export const SHARED_REFRESH_MS = 5000;

/**
 * public/dashboard?dashboard_token=…: a shared dashboard without signing in, read-only, its values refreshed every few
 * seconds; a refused link (expired, revoked, forged) says so.
 */
function SharedDashboardPage() {
  const { t, i18n } = useTranslation();
  const store = usePluginStore<typeof DashboardsStore>('dashboards');
  useEffect(() => {
    void store.openShared();
    const timer = setInterval(() => void store.openShared(), SHARED_REFRESH_MS);
    return () => clearInterval(timer);
  }, [store]);
  // A link revoked while open stops showing the dashboard at the next refresh.
  if (store.loading.failure?.status === 401) {
    return <MessageBar intent="error">{t('dashboards.linkRefused')}</MessageBar>;
  }
  const until = store.sharedUntil ? new Date(store.sharedUntil).toLocaleString(i18n.language) : '';
  return <DashboardView store={store} themes={[]} canEdit={false} banner={t('dashboards.readOnly', { date: until })} />;
}

export default observer(SharedDashboardPage);
