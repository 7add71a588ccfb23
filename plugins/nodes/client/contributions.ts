import { lazy, type ComponentType } from 'react';
import type { FieldSettingSection, ItemSettingsTab } from '../common/extension-points';
import { SETTINGS_TAB } from './settings-tab';

// What the nodes plugin contributes to its own extension points. The components load on first use (React.lazy), so
// the maps, icons and sections add nothing to the console's first page; the item panel and the Field Settings dialog
// render them under Suspense.

/** A component exported by name from a module, loaded when first rendered. */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  // React.lazy takes a default export; the key picks the named one, whose own type the result keeps.
  const component = lazy(async () => ({ default: (await load())[name] as unknown as ComponentType<object> }));
  return component as unknown as M[K];
}

const sections = () => import('./field/field-sections');

type SectionName = keyof Awaited<ReturnType<typeof sections>>;
const section = (entry: Omit<FieldSettingSection, 'component'>, name: SectionName): FieldSettingSection => ({
  ...entry,
  component: lazyNamed(sections, name),
});

export const NODES_ITEM_TABS: readonly ItemSettingsTab[] = [
  {
    id: 'nodes.basic',
    titleKey: 'nodes.item.tabs.basic',
    order: 10,
    component: lazyNamed(() => import('./item/basic-tab'), 'BasicTab'),
  },
  {
    id: SETTINGS_TAB,
    titleKey: 'nodes.item.tabs.settings',
    order: 20,
    default: true,
    component: lazyNamed(() => import('./item/settings-tab'), 'SettingsTab'),
  },
];

/**
 * The sections of the Field Settings dialog's Settings tab (spec 2.5), by order and signal; the device pipeline adds
 * its processing sections (debounce, spike filter, simple convert) between Logic and Storage.
 */
export const NODES_FIELD_SECTIONS: readonly FieldSettingSection[] = [
  section(
    { id: 'nodes.frontend-display', titleKey: 'nodes.fieldSettings.displayInFrontend', order: 10 },
    'FrontendDisplaySection',
  ),
  section({ id: 'nodes.display-name', titleKey: 'nodes.fieldSettings.displayName', order: 20 }, 'DisplayNameSection'),
  section({ id: 'nodes.icon', titleKey: 'nodes.fieldSettings.icon', order: 30 }, 'IconSection'),
  section({ id: 'nodes.sequence', titleKey: 'nodes.fieldSettings.sequence', order: 40 }, 'SequenceSection'),
  section({ id: 'nodes.node-data', titleKey: 'nodes.fieldSettings.nodeData', order: 50, itemTypes: ['node'] }, 'NodeDataSection'),
  section({ id: 'nodes.signal', titleKey: 'nodes.fieldSettings.signal', order: 60 }, 'SignalSection'),
  section({ id: 'nodes.analog', titleKey: 'nodes.fieldSettings.analog', order: 70, signals: ['analog'] }, 'AnalogSection'),
  section({ id: 'nodes.logic', titleKey: 'nodes.fieldSettings.logic', order: 80, signals: ['digital'] }, 'LogicSection'),
  section({ id: 'nodes.storage', titleKey: 'nodes.fieldSettings.storage', order: 120 }, 'StorageSection'),
  section(
    { id: 'nodes.auto-reset', titleKey: 'nodes.fieldSettings.autoReset', order: 130, signals: ['digital', 'string'] },
    'AutoResetSection',
  ),
];
