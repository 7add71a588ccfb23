import { cast, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track } from '@sensorium/core/client';
import type { EndCustomerChoice, UsersApi } from '../api';
import { EndCustomerModel, GroupModel, UserModel, usersApi, type Group, type User } from './models';

/** The most a choice list offers (users, groups): the first 100 the caller may see. */
export const CHOICE_LIMIT = 100;

const allUsers = (api: UsersApi) => api.users({ limit: CHOICE_LIMIT }).then((page) => page.users);
const allGroups = (api: UsersApi) => api.groups({ limit: CHOICE_LIMIT }).then((page) => page.groups);

/** What the dialogs offer to choose from: the caller's own users, groups and end customers (the server refuses others). */
export const ChoicesModel = types
  .model('UserChoices', {
    users: types.array(UserModel),
    groups: types.array(GroupModel),
    customers: types.array(EndCustomerModel),
    loading: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    set(choices: { users?: User[]; groups?: Group[]; customers?: EndCustomerChoice[] }) {
      if (choices.users) self.users = cast(choices.users);
      if (choices.groups) self.groups = cast(choices.groups);
      if (choices.customers) self.customers = cast(choices.customers);
    },
  }))
  .actions((self) => {
    const load = async (call: (api: UsersApi) => Promise<Parameters<typeof self.set>[0]>) => {
      const outcome = await track(self.loading, () => call(usersApi(self)));
      if (outcome.ok) self.set(outcome.value);
    };
    return {
      /** The user form: groups and end customers. */
      loadUserOptions: () =>
        load(async (api) => {
          const [groups, customers] = await Promise.all([allGroups(api), api.endCustomers()]);
          return { groups, customers };
        }),
      /** Adding a member to a group: the users. */
      loadUsers: () => load(async (api) => ({ users: await allUsers(api) })),
      /** User Setup's Add group: the groups (its users come from the application's own choices). */
      loadGroups: () => load(async (api) => ({ groups: await allGroups(api) })),
    };
  });

export type ChoicesStore = Instance<typeof ChoicesModel>;
