import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { usePluginStore, useSessionUser } from '@sensorium/core/client';
import { DashboardView } from '../components/dashboard-view';
import { MAIN, type DashboardsStore } from '../store';
import { useLiveValues } from '../use-live-values';
import { useThemes } from '../use-theme';

/** Levels that lay dashboards out (the server refuses the others' writes). */
export const EDITOR_LEVELS: readonly string[] = ['cloud', 'si-customer'];

/** app/{app_id}/dashboard/{main | dashboard id}: one dashboard of the application, live, editable by its operators. */
function DashboardPage() {
  const { app_id: appId = '', dashboard_id: which = MAIN } = useParams();
  const store = usePluginStore<typeof DashboardsStore>('dashboards');
  const user = useSessionUser();
  const themes = useThemes(true);
  useEffect(() => void store.open(appId, which), [store, appId, which]);
  useLiveValues(appId, store);
  return <DashboardView store={store} themes={themes} canEdit={!!user && EDITOR_LEVELS.includes(user.level)} />;
}

export default observer(DashboardPage);
