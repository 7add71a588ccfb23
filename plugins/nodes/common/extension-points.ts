import type { ComponentType } from 'react';
import { createExtensionPoint } from '@sensorium/core/common';
import type { FieldPreference, RangeEntry, SignalType } from './field-preference';
import type { PreferenceProblem } from './preference-validation';
import type { Item, ItemType } from './types';

// The Node Management console's extension points (node spec 2.2, 2.5, 2.7 to 2.9): other plugins add tabs to the item
// panel, sections to the Field Settings dialog and actions to the ranges of the colour ranges editor.

/** An item of the application as the console's tree lists it (e.g. a task's device). */
export interface ItemOption {
  uuid: string;
  itemName: string;
  itemDisplayName?: string;
}

export interface ItemSettingsTabProps {
  appId: string;
  /** The selected item as last loaded, with the live values of the push applied. */
  item: Item;
  /** Whether the tab is the one shown: tabs stay mounted once opened, so poll or measure only while it is. */
  active: boolean;
  /** The user holds the write permission of Node Management. */
  canWrite: boolean;
}

/** A tab of the item settings panel (node spec 2.2): Basic and Settings are the nodes plugin's. */
export interface ItemSettingsTab {
  id: string;
  titleKey: string;
  order: number;
  /** The panel opens on the first tab (by order) that says so. */
  default?: boolean;
  /** Shown only for items of these data source types, e.g. a data source's own device tab (always when absent). */
  dataSourceTypes?: readonly string[];
  component: ComponentType<ItemSettingsTabProps>;
}

/** The tabs the item panel shows for an item, in order (ties by id); all of them while no item is known. */
export function itemTabsFor(tabs: readonly ItemSettingsTab[], dataSourceType: string | null | undefined): ItemSettingsTab[] {
  return tabs
    .filter((tab) => !tab.dataSourceTypes || dataSourceType == null || tab.dataSourceTypes.includes(dataSourceType))
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

export interface FieldSettingSectionProps {
  field: string;
  item: Item;
  /** The dialog's edited copy of the field's preference. */
  value: FieldPreference;
  /** Merges a change into the edited copy; the dialog's Save stores it. */
  onChange(change: Partial<FieldPreference>): void;
  canWrite: boolean;
  /** The edited copy's problems (validateFieldPreference), by path: a section shows those of its inputs. */
  problems: readonly PreferenceProblem[];
}

/** A section of the Field Settings dialog's Settings tab (node spec 2.5), shown under its title. */
export interface FieldSettingSection {
  id: string;
  titleKey: string;
  order: number;
  /** Shown only while the edited signal is one of these (always when absent). */
  signals?: readonly SignalType[];
  /** Shown only for these item types (always when absent). */
  itemTypes?: readonly ItemType[];
  component: ComponentType<FieldSettingSectionProps>;
}

export interface RangeActionProps {
  appId: string;
  item: Item;
  field: string;
  rangeIndex: number;
  /** The range as edited in the Field Settings dialog. */
  range: RangeEntry;
  /**
   * The server has a range at this index: a dialog may store its result at once as well. A range added in the dialog
   * has none yet, so its result is stored with the Field Settings' Save (through onRangeChange).
   */
  stored: boolean;
  /** The application's items. */
  items: readonly ItemOption[];
  /** Puts a result into the edited copy of the range, so the Field Settings' Save keeps it. */
  onRangeChange(change: (range: RangeEntry) => RangeEntry): void;
  /** The item as the server returned it, after the dialog stored something itself. */
  onItemSaved(item: Item): void;
  onClose(): void;
}

/** An icon button of a range with its event enabled (notification, task, webhook…) and the dialog it opens. */
export interface RangeAction {
  id: string;
  /** The button's label and tooltip. */
  titleKey: string;
  order: number;
  icon: ComponentType;
  /** Highlighted when something of it is on for the range. */
  isOn(range: RangeEntry): boolean;
  /** Rendered inside the Field Settings dialog while open. */
  dialog: ComponentType<RangeActionProps>;
}

export const itemSettingsTabs = createExtensionPoint<ItemSettingsTab>('nodes.item-settings-tabs/v1');
export const fieldSettingSections = createExtensionPoint<FieldSettingSection>('nodes.field-setting-sections/v1');
export const rangeActions = createExtensionPoint<RangeAction>('nodes.range-actions/v1');
