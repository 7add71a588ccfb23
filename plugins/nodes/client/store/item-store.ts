import { applySnapshot, getEnv, types, type Instance } from 'mobx-state-tree';
import {
  draftValue,
  editDraft,
  rebaseDraft,
  RequestModel,
  track,
  type Edit,
  type Outcome,
  type StoreEnv,
} from '@sensorium/core/client';
import { ITEM_SETTINGS, type ItemSetting, type ItemSettingValue } from '../../common/edit-base';
import type { FieldPreference } from '../../common/field-preference';
import type { Item } from '../../common/types';
import { itemApi, type ItemPatch } from '../api/item-api';
import type { NodeValuesPush } from '../../common/tree-push';
import { CommandModel, ItemModel, itemSnapshot, plainItem } from './item-model';

/** The switches of the Settings tab that save themselves at once (optimistically). */
export type ItemSwitch = 'enable' | 'storeHistory';

/** The item's settings being edited (Basic tab, display name): what was typed and the saved value it started from. */
export type ItemDrafts = { [K in ItemSetting]?: Edit<ItemSettingValue<K>> };

const SWITCH_SETTINGS: Record<ItemSwitch, 'enable' | 'enableHistory'> = { enable: 'enable', storeHistory: 'enableHistory' };

/**
 * The selected item of Node Management (node spec 2.2): its detail (kept up to date by the live pushes), its commands,
 * and the calls that change it. Every call returns its outcome; failures also stay in the request states.
 */
export const ItemStore = types
  .model('SelectedItem', {
    appId: '',
    uuid: types.maybeNull(types.string),
    detail: types.maybeNull(ItemModel),
    commands: types.array(CommandModel),
    loading: types.optional(RequestModel, {}),
    saving: types.optional(RequestModel, {}),
    deleting: types.optional(RequestModel, {}),
    sending: types.optional(RequestModel, {}),
    /** Kept while the item changes under them (live pushes, reloads, other saves); dropped with the selection. */
    drafts: types.frozen<ItemDrafts>({}),
  })
  .views((self) => ({
    /** A setting as saved (the detail's, with the live pushes applied). */
    saved<K extends ItemSetting>(setting: K): ItemSettingValue<K> | undefined {
      return self.detail ? (ITEM_SETTINGS[setting](plainItem(self.detail)) as ItemSettingValue<K>) : undefined;
    },
  }))
  .views((self) => ({
    /** What a setting's input shows: the typed value while it is edited, else the saved one. */
    shown<K extends ItemSetting>(setting: K): ItemSettingValue<K> {
      return draftValue(self.drafts[setting] as Edit<ItemSettingValue<K>> | undefined, self.saved(setting)!);
    },
    editing(setting: ItemSetting): boolean {
      return self.drafts[setting] !== undefined;
    },
  }))
  .actions((self) => ({
    /** Forgets the item (another application, or another item being selected), with what was being edited. */
    reset(appId: string, uuid: string | null = null) {
      self.appId = appId;
      self.uuid = uuid;
      self.detail = null;
      self.drafts = {};
      self.commands.clear();
      self.loading.clear();
    },
    /** Types into a setting: the draft starts from the saved value and stays until saved or discarded. */
    edit<K extends ItemSetting>(setting: K, next: ItemSettingValue<K> | ((current: ItemSettingValue<K>) => ItemSettingValue<K>)) {
      const current = self.drafts[setting] as Edit<ItemSettingValue<K>> | undefined;
      self.drafts = { ...self.drafts, [setting]: editDraft(current, self.saved(setting)!, next) };
    },
    discard(setting: ItemSetting) {
      const { [setting]: _dropped, ...rest } = self.drafts;
      self.drafts = rest;
    },
    /** After a conflict: the typed value stays, based on the value saved now, so saving again replaces it knowingly. */
    rebase(setting: ItemSetting) {
      const rebased = rebaseDraft(self.drafts[setting] as Edit<unknown> | undefined, self.saved(setting));
      if (rebased) self.drafts = { ...self.drafts, [setting]: rebased };
    },
    /** Takes an item as the server answered it (after a load or a save by any dialog). */
    setDetail(item: Item) {
      if (item.uuid !== self.uuid) return;
      if (self.detail) applySnapshot(self.detail, itemSnapshot(item));
      else self.detail = ItemModel.create(itemSnapshot(item));
    },
    setCommands(commands: { id: string; display: string }[]) {
      self.commands.replace(commands.filter((command) => command.id !== ''));
    },
    setSwitch(which: ItemSwitch, value: boolean) {
      if (self.detail) self.detail[which] = value;
    },
    setPreference(field: string, preference: FieldPreference) {
      self.detail?.input.set(field, preference);
    },
    /** Applies the live values of a push to the item, when the push names it. */
    applyPush(push: NodeValuesPush) {
      const update = push.items.find((entry) => entry.uuid === self.uuid);
      const detail = self.detail;
      if (!update || !detail) return;
      detail.outputSimple.replace(update.outputSimple ?? {});
      if (update.status) applySnapshot(detail.status, update.status);
      detail.connection = update.connection;
      detail.lastReceiveDate = update.lastReceiveDate;
      detail.lastValidDate = update.lastValidDate;
    },
  }))
  .actions((self) => {
    const api = () => itemApi(getEnv<Pick<StoreEnv, 'http'>>(self).http, self.appId);
    /** Runs a call that answers the item, and takes the answer when the item is still the selected one. */
    const save = async (call: (uuid: string) => Promise<Item>): Promise<Outcome<Item>> => {
      const uuid = self.uuid;
      if (!uuid) return { ok: false, failure: { status: null, message: null, fields: {} } };
      const outcome = await track(self.saving, () => call(uuid));
      if (outcome.ok) self.setDetail(outcome.value);
      return outcome;
    };

    const loadCommands = async (uuid: string) => {
      const commands = await api()
        .commands(uuid)
        .then((answer) => answer.commands)
        .catch(() => []);
      if (uuid === self.uuid) self.setCommands(commands);
    };

    const reload = async (): Promise<Outcome<Item>> => {
      const uuid = self.uuid;
      if (!uuid) return { ok: false, failure: { status: null, message: null, fields: {} } };
      const outcome = await track(self.loading, () => api().item(uuid));
      if (outcome.ok) self.setDetail(outcome.value);
      return outcome;
    };

    return {
      reload,

      /** Selects an item (null: none) and loads it with its commands. */
      async select(uuid: string | null): Promise<void> {
        if (uuid === self.uuid) return;
        self.reset(self.appId, uuid);
        if (!uuid) return;
        await Promise.all([reload(), loadCommands(uuid)]);
      },

      patch(patch: ItemPatch): Promise<Outcome<Item>> {
        return save((uuid) => api().patch(uuid, patch));
      },

      /**
       * Saves a setting's draft, based on the saved value it started from. Saved: the draft goes (unless more was typed
       * meanwhile). Refused because someone else changed the setting since (409): the item is reloaded and the draft
       * stays, based on their value, so the next save replaces it knowingly.
       */
      async saveDraft(setting: ItemSetting, extra: ItemPatch = {}): Promise<Outcome<Item>> {
        const edit = self.drafts[setting];
        if (!edit) return reload();
        const outcome = await save((uuid) =>
          api().patch(uuid, { ...extra, [setting]: edit.value, basedOn: { [setting]: edit.base } }),
        );
        if (outcome.ok) {
          if (self.drafts[setting] === edit) self.discard(setting);
          else self.rebase(setting);
        } else if (outcome.failure.status === 409) {
          await reload();
          self.rebase(setting);
        }
        return outcome;
      },

      /** Flips Enable or Store History at once, saves it, and flips it back when the save fails (spec 4, 8). */
      async toggle(which: ItemSwitch): Promise<Outcome<Item>> {
        const previous = self.detail?.[which] ?? false;
        self.setSwitch(which, !previous);
        const setting = SWITCH_SETTINGS[which];
        const patch: ItemPatch = { [setting]: !previous, basedOn: { [setting]: previous } };
        const outcome = await save((uuid) => api().patch(uuid, patch));
        if (!outcome.ok) self.setSwitch(which, previous);
        if (!outcome.ok && outcome.failure.status === 409) await reload();
        return outcome;
      },

      /**
       * Stores a field's preference based on the one the edit started from, then reloads the item (the server may have
       * reprocessed the field). Refused because it changed since (409): the item is reloaded to show what is stored now.
       */
      async savePreference(field: string, preference: FieldPreference, basedOn?: FieldPreference): Promise<Outcome<unknown>> {
        const uuid = self.uuid;
        if (!uuid) return { ok: true, value: undefined };
        const outcome = await track(self.saving, () => api().saveFieldPreference(uuid, field, preference, basedOn));
        if (!outcome.ok) {
          if (outcome.failure.status === 409) await reload();
          return outcome;
        }
        self.setPreference(field, preference);
        await reload();
        return outcome;
      },

      async override(field: string, enabled: boolean, value: unknown): Promise<Outcome<unknown>> {
        const uuid = self.uuid;
        if (!uuid) return { ok: true, value: undefined };
        const outcome = await track(self.saving, () => api().override(uuid, field, enabled, value));
        if (outcome.ok) await reload();
        return outcome;
      },

      sendCommand(commandId: string): Promise<Outcome<unknown>> {
        const uuid = self.uuid ?? '';
        return track(self.sending, () => api().sendCommand(uuid, commandId));
      },

      output(field: string, value: unknown): Promise<Outcome<unknown>> {
        const uuid = self.uuid ?? '';
        const type = self.detail?.dataSource.type ?? '';
        return track(self.sending, () => api().output(uuid, field, value, type));
      },

      /** Deletes the item (and, for a ChirpStack device, optionally the device on the server). */
      remove(deleteExternal: boolean): Promise<Outcome<unknown>> {
        const uuid = self.uuid ?? '';
        return track(self.deleting, () => api().remove(uuid, deleteExternal));
      },
    };
  });

export type ItemStoreInstance = Instance<typeof ItemStore>;
