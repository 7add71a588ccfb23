import { types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome } from '@sensorium/core/client';
import type { ApiKeyRow, NewApiKey } from '../../common';
import type { UsersApi } from '../api';
import { ApiKeyModel, NewApiKeyModel, usersApi } from './models';

/** My Account > API keys: the caller's keys, and the key just created or replaced, kept until its dialog closes. */
export const ApiKeysModel = types
  .model('ApiKeys', {
    keys: types.array(ApiKeyModel),
    created: types.maybeNull(NewApiKeyModel),
    loading: types.optional(RequestModel, {}),
    saving: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setKeys(keys: ApiKeyRow[]) {
      self.keys.replace(keys);
    },
    show(key: NewApiKey) {
      self.created = NewApiKeyModel.create({ id: key.id, name: key.name, prefix: key.prefix, key: key.key });
    },
    /** The key has been seen: it is never shown again. */
    dismissCreated() {
      self.created = null;
    },
  }))
  .actions((self) => {
    const api = () => usersApi(self);
    async function load(): Promise<void> {
      const outcome = await track(self.loading, () => api().apiKeys());
      if (outcome.ok) self.setKeys(outcome.value);
    }
    /** A change of the list; a new key in the answer is shown once. The list is reloaded after a success. */
    async function change(call: (api: UsersApi) => Promise<NewApiKey | void>): Promise<Outcome<void>> {
      const outcome = await track(self.saving, () => call(api()));
      if (!outcome.ok) return outcome;
      if (outcome.value) self.show(outcome.value);
      await load();
      return { ok: true, value: undefined };
    }
    return {
      load,
      create: (name: string) => change((api) => api.createApiKey(name)),
      /** Revoking replaces the key with a new one, shown once. */
      revoke: (keyId: string) => change((api) => api.revokeApiKey(keyId)),
      remove: (keyId: string) => change((api) => api.deleteApiKey(keyId)),
    };
  });

export type ApiKeysStore = Instance<typeof ApiKeysModel>;
