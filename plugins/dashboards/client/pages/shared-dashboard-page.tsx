import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp, usePluginStore } from '@sensorium/core/client';
import { DashboardView } from '../components/dashboard-view';
import { followSharedLive } from '../shared-live';
import { SHARED_REFRESH_MS } from '../shared-refresh';
import type { DashboardsStore } from '../store';

/**
 * public/dashboard?dashboard_token=…: a shared dashboard without signing in, read-only and themed, its widgets reading
 * through the link's own calls. Its values arrive live over the link's event stream (the push socket admits sessions
 * only, and a link is none), and are polled every few seconds besides, should the stream be down. A refused link
 * (expired, revoked, forged) says so, also when it is revoked while open.
 */
function SharedDashboardPage() {
  const { t, i18n } = useTranslation();
  const store = usePluginStore<typeof DashboardsStore>('dashboards');
  const http = useHttp();
  useEffect(() => {
    void store.openShared();
    const timer = setInterval(() => void store.refreshShared(), SHARED_REFRESH_MS);
    const stopLive = followSharedLive(http, {
      values: (items) => store.applyValues([{ appId: store.appId, items }]),
      // The view's own call then meets the refusal and says so.
      refused: () => void store.refreshShared(),
    });
    return () => {
      clearInterval(timer);
      stopLive();
    };
  }, [store, http]);
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
