import { FlashRegular, GlobeRegular, MailRegular } from '@fluentui/react-icons';
import { lazy, type ComponentType } from 'react';
import type { FieldSettingSection, ItemSettingsTab, RangeAction } from '../common/extension-points';
import { rangeActionIcons } from './field/field-rules';
import { SETTINGS_TAB } from './store/nodes-store';

// What the nodes plugin contributes to its own extension points. The components load on first use (React.lazy), so
// the maps, icons and dialogs add nothing to the console's first page; the item panel and the Field Settings dialog
// render them under Suspense.

/** A component exported by name from a module, loaded when first rendered. */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  // React.lazy takes a default export; the key picks the named one, whose own type the result keeps.
  const component = lazy(async () => ({ default: (await load())[name] as unknown as ComponentType<object> }));
  return component as unknown as M[K];
}

const sections = () => import('./field/field-sections');
const rangeDialogs = () => import('./field/range-action-dialogs');

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

/**
 * The actions of a range (spec 2.7 to 2.9), contributed by nodes for now: they store their settings in the item's
 * field preferences, which nodes owns.
 */
export const NODES_RANGE_ACTIONS: readonly RangeAction[] = [
  {
    id: 'nodes.notification',
    titleKey: 'nodes.ranges.notify',
    order: 10,
    icon: MailRegular,
    isOn: (range) => rangeActionIcons(range).notifyOn,
    dialog: lazyNamed(rangeDialogs, 'NotificationAction'),
  },
  {
    id: 'nodes.task',
    titleKey: 'nodes.ranges.task',
    order: 20,
    icon: FlashRegular,
    isOn: (range) => rangeActionIcons(range).taskOn,
    dialog: lazyNamed(rangeDialogs, 'TaskAction'),
  },
  {
    id: 'nodes.webhook',
    titleKey: 'nodes.ranges.webhook',
    order: 30,
    icon: GlobeRegular,
    isOn: (range) => rangeActionIcons(range).webhookOn,
    dialog: lazyNamed(rangeDialogs, 'WebhookAction'),
  },
];
