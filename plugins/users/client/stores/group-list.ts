import { cast, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track } from '@sensorium/core/client';
import type { UserGroupPage } from '../../common';
import type { GroupValues } from '../api';
import { GroupModel, usersApi } from './models';
import { PagedListBase, pagedListActions } from './paged-list';

/** Account Management > User Group: the paged groups, the permissions the caller may grant, and the changes. */
export const GroupListModel = PagedListBase.named('UserGroupList')
  .props({
    rows: types.array(GroupModel),
    /** The keys the caller may grant (the ones it holds; a cloud user: every installed one). */
    grantable: types.array(types.string),
    grantableLoading: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    showPage(page: UserGroupPage) {
      self.rows = cast(page.groups);
    },
    setGrantable(permissions: string[]) {
      self.grantable.replace(permissions);
    },
  }))
  .actions((self) => pagedListActions(self, (api, query) => api.groups(query), self.showPage))
  .actions((self) => ({
    async loadGrantable(): Promise<void> {
      const outcome = await track(self.grantableLoading, () => usersApi(self).grantablePermissions());
      if (outcome.ok) self.setGrantable(outcome.value.permissions);
    },
    create: (values: GroupValues) => self.change((api) => api.createGroup(values)),
    update: (groupId: string, values: GroupValues) => self.change((api) => api.updateGroup(groupId, values)),
    remove: (groupId: string) => self.change((api) => api.deleteGroup(groupId)),
    addMember: (groupId: string, userId: string) => self.change((api) => api.addMember(groupId, userId)),
  }));

export type GroupListStore = Instance<typeof GroupListModel>;
