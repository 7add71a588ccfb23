import { cast, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome } from '@sensorium/core/client';
import { USERS_PAGE_SIZE, type ApplicationUserChoice, type ApplicationUsers } from '../../common';
import type { UsersApi } from '../api';
import { ApplicationGroupModel, ApplicationUserChoiceModel, ApplicationUserModel, usersApi } from './models';

/**
 * User Setup of one application: its name, who may use it (users with device tags, groups), paged at 10 rows each, and
 * the users Add user offers (only those who can see the application, from the server).
 */
export const UserSetupModel = types
  .model('UserSetup', {
    appId: types.maybeNull(types.string),
    appName: types.maybeNull(types.string),
    /** Users and groups have been loaded for `appId`. */
    loaded: false,
    users: types.array(ApplicationUserModel),
    groups: types.array(ApplicationGroupModel),
    userChoices: types.array(ApplicationUserChoiceModel),
    userOffset: 0,
    groupOffset: 0,
    loading: types.optional(RequestModel, {}),
    loadingChoices: types.optional(RequestModel, {}),
    saving: types.optional(RequestModel, {}),
  })
  .views((self) => ({
    get ready(): boolean {
      return self.loaded && self.appName !== null;
    },
    get userPage() {
      return self.users.slice(self.userOffset, self.userOffset + USERS_PAGE_SIZE);
    },
    get groupPage() {
      return self.groups.slice(self.groupOffset, self.groupOffset + USERS_PAGE_SIZE);
    },
    hasUser(userId: string): boolean {
      return self.users.some((user) => user.userId === userId);
    },
    hasGroup(groupId: string): boolean {
      return self.groups.some((group) => group.groupId === groupId);
    },
  }))
  .actions((self) => ({
    reset(appId: string) {
      self.appId = appId;
      self.appName = null;
      self.loaded = false;
      self.userOffset = 0;
      self.groupOffset = 0;
      self.users.clear();
      self.groups.clear();
      self.userChoices.clear();
    },
    setAppName(appId: string, name: string) {
      if (self.appId === appId) self.appName = name;
    },
    setData(appId: string, data: ApplicationUsers) {
      if (self.appId !== appId) return;
      self.users = cast(data.users);
      self.groups = cast(data.groups);
      self.loaded = true;
    },
    setUserChoices(appId: string, choices: ApplicationUserChoice[]) {
      if (self.appId === appId) self.userChoices = cast(choices);
    },
    setUserOffset(offset: number) {
      self.userOffset = offset;
    },
    setGroupOffset(offset: number) {
      self.groupOffset = offset;
    },
  }))
  .actions((self) => {
    const api = () => usersApi(self);
    async function load(): Promise<void> {
      const appId = self.appId;
      if (appId === null) return;
      const outcome = await track(self.loading, () => api().applicationUsers(appId));
      if (outcome.ok) self.setData(appId, outcome.value);
    }
    /** A change of the application's users or groups; the lists are reloaded after a success. */
    async function change(call: (api: UsersApi, appId: string) => Promise<void>): Promise<Outcome<void>> {
      const appId = self.appId ?? '';
      const outcome = await track(self.saving, () => call(api(), appId));
      if (outcome.ok) await load();
      return outcome;
    }
    return {
      load,
      /**
       * Opens the page of an application: its name first (an unknown or invisible application answers 404 and the
       * HTTP client opens /auth/not-found), then its users and groups.
       */
      async open(appId: string): Promise<void> {
        self.reset(appId);
        const outcome = await track(self.loading, () => api().application(appId));
        if (!outcome.ok || self.appId !== appId) return;
        self.setAppName(appId, outcome.value.name);
        await load();
      },
      /** What Add user offers, fetched again each time it opens (users may have changed meanwhile). */
      async loadUserChoices(): Promise<void> {
        const appId = self.appId;
        if (appId === null) return;
        const outcome = await track(self.loadingChoices, () => api().applicationUserChoices(appId));
        if (outcome.ok) self.setUserChoices(appId, outcome.value);
      },
      addUser: (userId: string, deviceTags: string[]) =>
        change((api, appId) => api.addApplicationUser(appId, userId, deviceTags)),
      setDeviceTags: (userId: string, deviceTags: string[]) =>
        change((api, appId) => api.setDeviceTags(appId, userId, deviceTags)),
      removeUser: (userId: string) => change((api, appId) => api.removeApplicationUser(appId, userId)),
      addGroup: (groupId: string) => change((api, appId) => api.addApplicationGroup(appId, groupId)),
      removeGroup: (groupId: string) => change((api, appId) => api.removeApplicationGroup(appId, groupId)),
    };
  });

export type UserSetupStore = Instance<typeof UserSetupModel>;
