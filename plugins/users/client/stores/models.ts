import { getEnv, types, type Instance, type SnapshotOut } from 'mobx-state-tree';
import type { StoreEnv } from '@sensorium/core/client';
import { USER_LEVELS, type UserLevel } from '@sensorium/core/common';
import { createUsersApi, type UsersApi } from '../api';

/** The users plugin's API for a store node (through the console's HTTP client in the store's environment). */
export function usersApi(node: object): UsersApi {
  return createUsersApi(getEnv<Pick<StoreEnv, 'http'>>(node).http);
}

const Level = types.enumeration<UserLevel>('UserLevel', [...USER_LEVELS]);

/** One account as the Users page shows it (UserRow). */
export const UserModel = types.model('User', {
  id: types.identifier,
  username: types.string,
  name: types.string,
  email: types.maybeNull(types.string),
  phone: types.maybeNull(types.string),
  level: Level,
  groupId: types.maybeNull(types.string),
  groupName: types.maybeNull(types.string),
  organisationId: types.maybeNull(types.string),
  endCustomerId: types.maybeNull(types.string),
  endCustomerName: types.maybeNull(types.string),
  scope: types.string,
  ldapUrl: types.maybeNull(types.string),
  userDn: types.maybeNull(types.string),
  disabled: types.boolean,
  otpEnabled: types.boolean,
  createdAt: types.string,
});
export type User = SnapshotOut<typeof UserModel>;
export type UserInstance = Instance<typeof UserModel>;

/** A user group with its permissions (UserGroupRow). */
export const GroupModel = types.model('UserGroup', {
  id: types.identifier,
  name: types.string,
  permissions: types.array(types.string),
  organisationId: types.maybeNull(types.string),
  memberCount: types.number,
});
export type Group = SnapshotOut<typeof GroupModel>;
export type GroupInstance = Instance<typeof GroupModel>;

export const EndCustomerModel = types.model('EndCustomerChoice', {
  id: types.identifier,
  name: types.string,
});

/** The signed-in user's own account (MyAccount). */
export const MyAccountModel = types.model('MyAccount', {
  id: types.identifier,
  username: types.string,
  name: types.string,
  email: types.maybeNull(types.string),
  phone: types.maybeNull(types.string),
  level: Level,
  groupName: types.maybeNull(types.string),
  permissions: types.array(types.string),
  endCustomerName: types.maybeNull(types.string),
  scope: types.string,
  otpEnabled: types.boolean,
});
export type MyAccountInstance = Instance<typeof MyAccountModel>;

/** An API key as lists show it: only its first characters. */
export const ApiKeyModel = types.model('ApiKey', {
  id: types.identifier,
  name: types.string,
  prefix: types.string,
  createdAt: types.string,
  lastUsedAt: types.maybeNull(types.string),
});
export type ApiKey = SnapshotOut<typeof ApiKeyModel>;
export type ApiKeyInstance = Instance<typeof ApiKeyModel>;

/** A key just created or replaced, with the key itself: shown once, then forgotten. */
export const NewApiKeyModel = types.model('NewApiKey', {
  id: types.string,
  name: types.string,
  prefix: types.string,
  key: types.string,
});

/** A user User Setup's Add user offers (ApplicationUserChoice). */
export const ApplicationUserChoiceModel = types.model('ApplicationUserChoice', {
  userId: types.identifier,
  username: types.string,
  name: types.string,
  level: Level,
  groupName: types.maybeNull(types.string),
});

export const ApplicationUserModel = types.model('ApplicationUser', {
  userId: types.identifier,
  username: types.string,
  name: types.string,
  level: Level,
  groupName: types.maybeNull(types.string),
  /** Empty: every device of the application; otherwise only devices carrying one of these tags. */
  deviceTags: types.array(types.string),
});
export type ApplicationUser = SnapshotOut<typeof ApplicationUserModel>;
export type ApplicationUserInstance = Instance<typeof ApplicationUserModel>;

export const ApplicationGroupModel = types.model('ApplicationGroup', {
  groupId: types.identifier,
  name: types.string,
  memberCount: types.number,
});
export type ApplicationGroup = SnapshotOut<typeof ApplicationGroupModel>;
export type ApplicationGroupInstance = Instance<typeof ApplicationGroupModel>;
