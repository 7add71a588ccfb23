import { types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome } from '@sensorium/core/client';
import type { ApplicationRetention, ItemRetention } from '../../common';
import { retentionApi } from './api';

const Days = types.maybeNull(types.number);

/**
 * Retention settings as the console edits them: the Data Retention tab's application, and the item whose Field
 * Settings dialog is open (its fields' own settings and its application's). Answers for an application or item the
 * user has left meanwhile are dropped.
 */
export const RetentionStore = types
  .model('RetentionStore', {
    appId: types.maybeNull(types.string),
    rawDays: Days,
    historyDays: Days,
    loaded: false,
    loading: types.optional(RequestModel, {}),
    saving: types.optional(RequestModel, {}),
    itemKey: types.maybeNull(types.string),
    /** The item's application's history days (what a field without its own keeps). */
    itemApplicationDays: Days,
    fields: types.map(Days),
    itemLoaded: false,
    itemLoading: types.optional(RequestModel, {}),
    fieldSaving: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setApplication(retention: ApplicationRetention) {
      self.rawDays = retention.rawDays;
      self.historyDays = retention.historyDays;
      self.loaded = true;
    },
    selectApplication(appId: string) {
      self.appId = appId;
      self.loaded = false;
      self.rawDays = null;
      self.historyDays = null;
    },
    selectItem(key: string) {
      self.itemKey = key;
      self.itemApplicationDays = null;
      self.fields.clear();
      self.itemLoaded = false;
    },
    setItem(retention: ItemRetention) {
      self.itemApplicationDays = retention.application.historyDays;
      self.fields.replace(retention.fields);
      self.itemLoaded = true;
    },
  }))
  .actions((self) => {
    const api = () => retentionApi(self);
    const itemKey = (appId: string, uuid: string) => `${appId}\u0000${uuid}`;
    return {
      async openApplication(appId: string): Promise<void> {
        self.selectApplication(appId);
        const outcome = await track(self.loading, () => api().application(appId));
        if (outcome.ok && self.appId === appId) self.setApplication(outcome.value);
      },
      async saveApplication(retention: ApplicationRetention): Promise<Outcome<ApplicationRetention>> {
        const appId = self.appId!;
        const outcome = await track(self.saving, () => api().saveApplication(appId, retention));
        if (outcome.ok && self.appId === appId) self.setApplication(outcome.value);
        return outcome;
      },
      async openItem(appId: string, uuid: string): Promise<void> {
        const key = itemKey(appId, uuid);
        self.selectItem(key);
        const outcome = await track(self.itemLoading, () => api().item(appId, uuid));
        if (outcome.ok && self.itemKey === key) self.setItem(outcome.value);
      },
      /** Stores a field's own days (null: forever), or with `undefined` gives it back its application's. */
      async saveField(
        appId: string,
        uuid: string,
        field: string,
        days: number | null | undefined,
      ): Promise<Outcome<ItemRetention>> {
        const key = itemKey(appId, uuid);
        const outcome = await track(self.fieldSaving, () =>
          days === undefined ? api().resetField(appId, uuid, field) : api().saveField(appId, uuid, field, days),
        );
        if (outcome.ok && self.itemKey === key) self.setItem(outcome.value);
        return outcome;
      },
    };
  });

export type RetentionStoreInstance = Instance<typeof RetentionStore>;
