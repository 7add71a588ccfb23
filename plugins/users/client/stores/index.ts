import { types, type Instance } from 'mobx-state-tree';
import { usePluginStore } from '@sensorium/core/client';
import { ApiKeysModel } from './api-keys';
import { ChoicesModel } from './choices';
import { GroupListModel } from './group-list';
import { MyAccountStoreModel } from './my-account';
import { UserListModel } from './user-list';
import { UserSetupModel } from './user-setup';

import { USERS_STORE } from './store-name';

export { USERS_STORE };

/** Everything the users plugin's pages show from the server. */
export const UsersStore = types.model('UsersStore', {
  users: types.optional(UserListModel, {}),
  groups: types.optional(GroupListModel, {}),
  choices: types.optional(ChoicesModel, {}),
  myAccount: types.optional(MyAccountStoreModel, {}),
  apiKeys: types.optional(ApiKeysModel, {}),
  setup: types.optional(UserSetupModel, {}),
});

export type UsersStoreInstance = Instance<typeof UsersStore>;

/** The users plugin's store; read it inside an observer() component. */
export function useUsersStore(): UsersStoreInstance {
  return usePluginStore<typeof UsersStore>(USERS_STORE);
}
