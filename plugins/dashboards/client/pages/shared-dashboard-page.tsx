import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePluginStore } from '@sensorium/core/client';
import { DashboardView } from '../components/dashboard-view';
import { SHARED_REFRESH_MS } from '../shared-refresh';
import type { DashboardsStore } from '../store';

/**
 * public/dashboard?dashboard_token=…: a shared dashboard without signing in, read-only and themed, its widgets reading
 * through the link's own calls. Its values are polled every few seconds: the push socket only admits sessions, and a
 * link is none. A refused link (expired, revoked, forged) says so, also when it is revoked while open.
 */
function SharedDashboardPage() {
  const { t, i18n } = useTranslation();
  const store = usePluginStore<typeof DashboardsStore>('dashboards');
  useEffect(() => {
    void store.openShared();
    const timer = setInterval(() => void store.refreshShared(), SHARED_REFRESH_MS);
    return () => clearInterval(timer);
  }, [store]);
  if (store.linkRefused) {
    return (
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>{t('dashboards.linkRefused')}</MessageBarBody>
      </MessageBar>
    );
  }
  const until = store.sharedUntil ? new Date(store.sharedUntil).toLocaleString(i18n.language) : '';
  return <DashboardView store={store} themes={[]} canEdit={false} banner={t('dashboards.readOnly', { date: until })} />;
}

export default observer(SharedDashboardPage);
