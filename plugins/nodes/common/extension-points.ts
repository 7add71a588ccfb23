import type { ComponentType, ReactNode } from 'react';
import { createExtensionPoint } from '@sensorium/core/common';
import type { Command, FieldPreference, SignalType } from './field-preference';
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

/** How a range action's save ended: the frame closes the dialog on ok, else says 'Update failed!' with the message. */
export type RangeActionSaved = { ok: true } | { ok: false; failure: { message: string | null } };

/** The range editor's dialog frame, which a range action's dialog renders itself in. */
export interface RangeActionFrameProps {
  title: string;
  /** Runs on Save: the dialog closes when it succeeded, a failure keeps it open. */
  onSave(): Promise<RangeActionSaved>;
  /** Keeps Save disabled, e.g. while the form is invalid. */
  saveDisabled?: boolean;
  /** The label of the button that discards the edits ('Close' when absent). */
  closeLabel?: string;
  /** Shows the template variables (spec 2.7, 2.9) under the content; with `onInsert` each inserts its token. */
  variables?: { onInsert?(token: string): void };
  surfaceClassName?: string;
  contentClassName?: string;
  children: ReactNode;
  onClose(): void;
}

/** What a range action's dialog receives: the setting at its key, and the save that returns the edited copy. */
export interface RangeActionProps<V = unknown> {
  appId: string;
  item: Item;
  field: string;
  rangeIndex: number;
  /** The range's setting at the action's key, as edited in the Field Settings dialog (undefined: none yet). */
  value: V | undefined;
  /** The application's items (e.g. a task's device). */
  items: readonly ItemOption[];
  /** The commands of the application's item of this name, 'No command selected' left out ([] for an unknown item). */
  commandsOf(itemName: string): Promise<readonly Command[]>;
  /**
   * Returns the edited copy: it goes into the edited range (node spec 4), and when the server already has the range
   * and the key has its own call (notification, task: spec 7), it is stored at once as well.
   */
  save(value: V): Promise<RangeActionSaved>;
  /** The frame to render the dialog in (title, Save and Close, 'Update failed!' on a failed save). */
  Frame: ComponentType<RangeActionFrameProps>;
  onClose(): void;
}

/** An icon button of a range with its event enabled (notification, task, webhook…) and the dialog it opens. */
export interface RangeAction<V = unknown> {
  id: string;
  /** Where the action keeps its setting in the range (a dotted path, see rangeActionValue); its validators' key. */
  key: string;
  /** The button's label and tooltip. */
  titleKey: string;
  order: number;
  icon: ComponentType;
  /** Highlighted when something of it is on for the range. */
  isOn(value: V | undefined): boolean;
  /** Rendered inside the Field Settings dialog while open (lazily loaded ones under Suspense). */
  dialog: ComponentType<RangeActionProps<V>>;
}

export const itemSettingsTabs = createExtensionPoint<ItemSettingsTab>('nodes.item-settings-tabs/v1');
export const fieldSettingSections = createExtensionPoint<FieldSettingSection>('nodes.field-setting-sections/v1');
// Contributions of any setting type: each action's dialog and isOn receive only the value at its own key.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const rangeActions = createExtensionPoint<RangeAction<any>>('nodes.range-actions/v1');
