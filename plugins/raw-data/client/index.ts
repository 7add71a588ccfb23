import { lazy } from 'react';
import { defineClientPlugin, jsonTexts, routes, sidebarItems } from '@sensorium/core/client';
import { itemSettingsTabs } from '@sensorium/nodes/common';
import { manifest } from '../manifest';
import { RAW_DATA_STORE } from './store-name';

// The tab loads on first use, under the item panel's Suspense.
const DataHistoryTab = lazy(async () => ({ default: (await import('./data-history-tab')).DataHistoryTab }));

/**
 * Raw data history in the browser: Diagnosis > Raw Data History (behind the admin guard, like the other diagnosis
 * pages) and the item panel's Data History tab, both the same raw data table.
 */
export default defineClientPlugin({
  manifest,
  i18n: jsonTexts((language) => import(`../common/i18n/${language}.json`)),
  register(context) {
    context.addStore(RAW_DATA_STORE, () => import('./store'), 'RawDataStore');
    context.contribute(routes, {
      path: 'diagnosis/raw-data-history',
      load: () => import('./raw-data-history-page'),
      titleKey: 'raw-data.title',
      guard: 'system-admin',
    });
    context.contribute(sidebarItems, {
      groupId: 'diagnosis',
      id: 'raw-data.history',
      titleKey: 'raw-data.title',
      url: '/diagnosis/raw-data-history',
      order: 20,
    });
    context.contribute(itemSettingsTabs, {
      id: 'raw-data.data-history',
      titleKey: 'raw-data.dataHistory',
      order: 40,
      component: DataHistoryTab,
    });
  },
});
