import { lazy } from 'react';
import { defineClientPlugin, jsonTexts, lazyComponent, routes, sidebarItems } from '@sensorium/core/client';
import { applicationSettingTabs } from '@sensorium/applications/common';
import { fieldSettingSections, itemSettingsTabs } from '@sensorium/nodes/common';
import { CHART_TAB_ID } from '../common/chart-tab-id';
import { manifest } from '../manifest';
import { DEAD_LETTER_STORE } from './dead-letters/store-name';
import { RETENTION_STORE } from './retention/use-retention';

// The tab and sections load on first use (uPlot is large), under the item panel's and the dialog's Suspense.
const ChartTab = lazy(async () => ({ default: (await import('./chart-tab')).ChartTab }));
const sections = () => import('./processing-sections');
const DebounceSection = lazy(async () => ({ default: (await sections()).DebounceSection }));
const SpikeFilterSection = lazy(async () => ({ default: (await sections()).SpikeFilterSection }));
const SimpleConvertSection = lazy(async () => ({ default: (await sections()).SimpleConvertSection }));
const FieldRetentionSection = lazyComponent(() => import('./retention/field-retention-section'), 'FieldRetentionSection');
const RetentionTab = lazyComponent(() => import('./retention/retention-tab'), 'RetentionTab');

/**
 * The device pipeline in the node console: the item panel's Chart tab (the field history it stores; the Data History
 * tab is the raw-data plugin's), the Field Settings sections of its processing (debounce, spike filter, simple convert) and
 * of a field's history retention, the Application Setting tab of the application's retention and, for cloud users,
 * Diagnosis > Dead letters.
 */
export default defineClientPlugin({
  manifest,
  // The tabs' and sections' texts, and the dead-letter page's beside it, all under `device-pipeline.`.
  i18n: jsonTexts(
    (language) => import(`./i18n/${language}.json`),
    (language) => import(`./dead-letters/i18n/${language}.json`),
  ),
  register(context) {
    context.addStore('devicePipeline', () => import('./store'), 'DevicePipelineStore');
    context.addStore(DEAD_LETTER_STORE, () => import('./dead-letters/store'), 'DeadLetterStore');
    context.addStore(RETENTION_STORE, () => import('./retention/store'), 'RetentionStore');
    context.contribute(routes, {
      path: 'diagnosis/dead-letters',
      load: () => import('./dead-letters/dead-letters-page'),
      titleKey: 'device-pipeline.deadLetters.title',
      guard: 'system-admin',
    });
    context.contribute(sidebarItems, {
      groupId: 'diagnosis',
      id: 'device-pipeline.dead-letters',
      titleKey: 'device-pipeline.deadLetters.title',
      url: '/diagnosis/dead-letters',
      order: 40,
    });
    context.contribute(itemSettingsTabs, {
      id: CHART_TAB_ID,
      titleKey: 'device-pipeline.tabs.chart',
      order: 50,
      component: ChartTab,
    });
    // Between the nodes plugin's Logic (80) and Storage (120) sections, as the spec lists them.
    context.contribute(fieldSettingSections, {
      id: 'device-pipeline.debounce',
      titleKey: 'device-pipeline.processing.debounce',
      order: 90,
      signals: ['analog', 'digital'],
      component: DebounceSection,
    });
    context.contribute(fieldSettingSections, {
      id: 'device-pipeline.spike-filter',
      titleKey: 'device-pipeline.processing.spikeFilter',
      order: 100,
      signals: ['analog'],
      component: SpikeFilterSection,
    });
    context.contribute(fieldSettingSections, {
      id: 'device-pipeline.simple-convert',
      titleKey: 'device-pipeline.processing.simpleConvert',
      order: 110,
      signals: ['analog'],
      component: SimpleConvertSection,
    });
    // Retention (docs/retention.md): the application's, as a tab of its settings (which need the setting permission),
    // and a field's own, after the nodes plugin's Storage (120) section.
    context.contribute(
      applicationSettingTabs,
      { id: 'device-pipeline.retention', titleKey: 'device-pipeline.retention.tab', order: 40, component: RetentionTab },
      { permission: 'setting' },
    );
    context.contribute(fieldSettingSections, {
      id: 'device-pipeline.history-retention',
      titleKey: 'device-pipeline.retention.fieldSection',
      order: 125,
      component: FieldRetentionSection,
    });
  },
});
