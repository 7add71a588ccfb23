import { cast, types, type Instance } from 'mobx-state-tree';
import type { UserPage } from '../../common';
import type { UserValues } from '../api';
import { UserModel } from './models';
import { PagedListBase, pagedListActions } from './paged-list';

/** Account Management > User Management: the paged users and the changes made from the page. */
export const UserListModel = PagedListBase.named('UserList')
  .props({ rows: types.array(UserModel) })
  .actions((self) => ({
    showPage(page: UserPage) {
      self.rows = cast(page.users);
    },
  }))
  .actions((self) => pagedListActions(self, (api, query) => api.users(query), self.showPage))
  .actions((self) => ({
    create: (values: UserValues) => self.change((api) => api.createUser(values)),
    update: (userId: string, values: UserValues) => self.change((api) => api.updateUser(userId, values)),
    setDisabled: (userId: string, disabled: boolean) => self.change((api) => api.setDisabled(userId, disabled)),
    setPassword: (userId: string, password: string) => self.change((api) => api.setPassword(userId, password)),
    resetSecondFactor: (userId: string) => self.change((api) => api.resetSecondFactor(userId)),
    remove: (userId: string) => self.change((api) => api.deleteUser(userId)),
  }));

export type UserListStore = Instance<typeof UserListModel>;
