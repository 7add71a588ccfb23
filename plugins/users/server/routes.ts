import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { defineAppRoute, defineRoute, KeywordPageQuery, type AnyRouteDefinition } from '@sensorium/core/server';
import type { SessionUser } from '@sensorium/core/common';
import {
  ApiKeyInput,
  ApplicationGroupInput,
  ApplicationUserInput,
  DeviceTagsInput,
  GroupMemberInput,
  IdParams,
  PasswordChangeInput,
  PasswordResetInput,
  ProfileInput,
  SecondFactorInput,
  UserGroupInput,
  UserGroupPatchInput,
  UserPatchInput,
  UserStatusInput,
  NewUserInput,
} from '../common';
import type { ApiKeyRepository } from './api-keys';
import type { ApplicationUserRepository } from './application-user-repository';
import type { GroupRepository } from './group-repository';
import type { MyAccountService } from './my-account';
import {
  apiKeyListSchema,
  applicationUserChoicesSchema,
  applicationUsersSchema,
  grantablePermissionsSchema,
  myAccountSchema,
  newApiKeySchema,
  userGroupPageSchema,
  userGroupSchema,
  userPageSchema,
  userSchema,
} from './response-schemas';
import { MANAGER_LEVELS, NOT_A_MANAGER, USER_GROUP_SCOPE, USER_SCOPE } from './tenancy';
import type { UserRepository } from './user-repository';

class AppParams {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  appId!: string;
}

class AppUserParams extends AppParams {
  @IsString()
  @IsNotEmpty()
  userId!: string;
}

class AppGroupParams extends AppParams {
  @IsString()
  @IsNotEmpty()
  groupId!: string;
}

export interface UserServices {
  users: UserRepository;
  groups: GroupRepository;
  account: MyAccountService;
  keys: ApiKeyRepository;
  applicationUsers: ApplicationUserRepository;
}

/** What every Account Management route shares: only cloud and si-customer users manage accounts (403 otherwise). */
const managers = { levels: MANAGER_LEVELS, levelsDenied: NOT_A_MANAGER };
/** The route acts on one user (or group) the caller manages, named by the `id` parameter: 404 for any other. */
const oneUser = { ...managers, scope: { kind: USER_SCOPE, from: 'id' } };
const oneGroup = { ...managers, scope: { kind: USER_GROUP_SCOPE, from: 'id' } };

/** Users and user groups (Account Management); writes need useredit, and every call the caller's tenancy. */
export function userRoutes({ users, groups }: UserServices): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/users',
      summary: 'One page of the users the caller manages, searched by username, full name or e-mail',
      ...managers,
      query: KeywordPageQuery,
      response: userPageSchema,
      handler: ({ user, query }) => users.list(user, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:id',
      summary: 'One user the caller manages',
      ...oneUser,
      params: IdParams,
      response: userSchema,
      handler: ({ params }) => users.get(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/users',
      errors: [409],
      summary: 'Create a user (an si-customer creates users of its organisation and its end customers only)',
      ...managers,
      permission: 'useredit',
      body: NewUserInput,
      audit: 'users.create',
      response: userSchema,
      created: true,
      handler: ({ user, body }) => users.create(user, body),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/users/:id',
      summary:
        'Edit a user: full name, e-mail, phone, group, level, customer, scope, LDAP settings. A new e-mail ends the ' +
        'user’s sessions; the e-mail cannot be removed while the user’s second factor is on',
      ...oneUser,
      permission: 'useredit',
      params: IdParams,
      body: UserPatchInput,
      audit: { action: 'users.update', row: ({ params }) => users.get(params.id) },
      response: userSchema,
      handler: ({ user, params, body, request }) => users.update(user, params.id, body, request),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/users/:id/second-factor',
      summary: 'Turn off a user’s second factor (a user who lost its channel); not one’s own, which My Account turns off',
      ...oneUser,
      permission: 'useredit',
      params: IdParams,
      audit: { action: 'users.resetSecondFactor', row: ({ params }) => users.get(params.id) },
      response: userSchema,
      handler: ({ user, params }) => users.resetSecondFactor(user, params.id),
    }),
    defineRoute({
      method: 'PUT',
      url: '/users/:id/disabled',
      summary: 'Disable or enable a user; a disabled user cannot log in, its sessions end at once and its API keys stop working',
      ...oneUser,
      permission: 'useredit',
      params: IdParams,
      body: UserStatusInput,
      audit: { action: 'users.setDisabled', row: ({ params }) => users.get(params.id) },
      response: userSchema,
      handler: ({ user, params, body }) => users.setDisabled(user, params.id, body.disabled),
    }),
    defineRoute({
      method: 'PUT',
      url: '/users/:id/password',
      summary: 'Set a new password for a user; every session of that user ends',
      ...oneUser,
      permission: 'useredit',
      params: IdParams,
      body: PasswordResetInput,
      audit: 'users.resetPassword',
      handler: ({ user, params, body }) => users.resetPassword(user, params.id, body.password),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/users/:id',
      summary: 'Delete a user with its API keys and application associations',
      ...oneUser,
      permission: 'useredit',
      params: IdParams,
      audit: { action: 'users.delete', row: ({ params }) => users.get(params.id) },
      handler: ({ user, params }) => users.remove(user, params.id),
    }),
    defineRoute({
      method: 'GET',
      url: '/user-groups',
      summary: 'One page of the user groups the caller sees, searched by name',
      ...managers,
      query: KeywordPageQuery,
      response: userGroupPageSchema,
      handler: ({ user, query }) => groups.list(user, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/user-groups/permissions',
      summary: 'The permission keys the caller may put in a group (the ones it holds)',
      ...managers,
      response: grantablePermissionsSchema,
      handler: ({ user }) => ({ permissions: user.permissions }),
    }),
    defineRoute({
      method: 'GET',
      url: '/user-groups/:id',
      summary: 'One user group',
      ...oneGroup,
      params: IdParams,
      response: userGroupSchema,
      handler: ({ params }) => groups.get(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/user-groups',
      errors: [409],
      summary: 'Create a user group with a permission set no larger than the caller’s',
      ...managers,
      permission: 'useredit',
      body: UserGroupInput,
      audit: 'userGroups.create',
      response: userGroupSchema,
      created: true,
      handler: ({ user, body }) => groups.create(user, body),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/user-groups/:id',
      errors: [409],
      summary: 'Rename a user group or change its permissions',
      ...oneGroup,
      permission: 'useredit',
      params: IdParams,
      body: UserGroupPatchInput,
      audit: { action: 'userGroups.update', row: ({ params }) => groups.get(params.id) },
      response: userGroupSchema,
      handler: ({ user, params, body }) => groups.update(user, params.id, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/user-groups/:id',
      summary: 'Delete a user group; its members stay, without a group',
      ...oneGroup,
      permission: 'useredit',
      params: IdParams,
      audit: { action: 'userGroups.delete', row: ({ params }) => groups.get(params.id) },
      handler: ({ user, params }) => groups.remove(user, params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/user-groups/:id/members',
      errors: [409],
      summary: 'Move a user into this group (409 when the user is in it already)',
      ...oneGroup,
      permission: 'useredit',
      params: IdParams,
      body: GroupMemberInput,
      // The moved user's row: its record shows the old and the new group.
      audit: { action: 'userGroups.addMember', row: ({ body }) => users.get(body.userId) },
      response: userSchema,
      handler: ({ user, params, body }) => users.moveToGroup(user, body.userId, params.id),
    }),
  ];
}

/** Calls that check the current password, per address: guessing it through them stays slow. */
const CURRENT_PASSWORD_RATE_LIMIT = { max: 10, timeWindowMs: 60_000 };

/** My Account and the caller's own API keys: every signed-in user, whatever its level. */
export function accountRoutes({ account, keys }: UserServices): AnyRouteDefinition[] {
  const ownKey = async (userId: string, id: string) => (await keys.list(userId)).find((key) => key.id === id) ?? null;
  return [
    defineRoute({
      method: 'GET',
      url: '/my-account',
      summary: 'The caller’s own account',
      response: myAccountSchema,
      handler: ({ user }) => account.get(user),
    }),
    defineRoute({
      method: 'PUT',
      url: '/my-account/profile',
      summary:
        'Change the caller’s full name, e-mail and phone; a new e-mail needs the current password and signs out the ' +
        'user’s other sessions',
      permission: 'profileedit',
      body: ProfileInput,
      rateLimit: CURRENT_PASSWORD_RATE_LIMIT,
      audit: { action: 'myAccount.updateProfile', row: ({ user }) => account.get(user) },
      response: myAccountSchema,
      handler: ({ user, request, body }) => account.updateProfile(user, request, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/my-account/password',
      summary: 'Change the caller’s password; the current one is required, and the user’s other sessions are signed out',
      body: PasswordChangeInput,
      rateLimit: CURRENT_PASSWORD_RATE_LIMIT,
      audit: 'myAccount.changePassword',
      handler: ({ user, request, body }) => account.changePassword(user, request, body.currentPassword, body.newPassword),
    }),
    defineRoute({
      method: 'PUT',
      url: '/my-account/second-factor',
      summary:
        'Turn the e-mail second factor on or off with the current password (on needs an e-mail address on the account); ' +
        'off signs out the user’s other sessions',
      body: SecondFactorInput,
      rateLimit: CURRENT_PASSWORD_RATE_LIMIT,
      audit: { action: 'myAccount.secondFactor', row: ({ user }) => account.get(user) },
      response: myAccountSchema,
      handler: ({ user, request, body }) => account.setSecondFactor(user, request, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/api-keys',
      summary: 'The caller’s API keys (prefix only; a key is shown once, when created or replaced)',
      response: apiKeyListSchema,
      handler: ({ user }) => keys.list(user.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api-keys',
      summary: 'Create an API key; the answer holds the key, shown this once',
      body: ApiKeyInput,
      audit: 'apiKeys.create',
      response: newApiKeySchema,
      created: true,
      handler: ({ user, body }) => keys.create(user.id, body.name),
    }),
    defineRoute({
      method: 'POST',
      url: '/api-keys/:id/revoke',
      summary: 'Revoke an API key: it stops working and a new key replaces it, shown this once',
      params: IdParams,
      audit: { action: 'apiKeys.revoke', row: ({ user, params }) => ownKey(user.id, params.id) },
      response: newApiKeySchema,
      handler: ({ user, params }) => keys.revoke(user.id, params.id),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api-keys/:id',
      summary: 'Delete an API key',
      params: IdParams,
      audit: { action: 'apiKeys.delete', row: ({ user, params }) => ownKey(user.id, params.id) },
      handler: ({ user, params }) => keys.remove(user.id, params.id),
    }),
  ];
}

/** User Setup of one application (app/{app_id}/application-user): the pipeline answers 404 for an application the caller cannot see. */
export function applicationUserRoutes({ applicationUsers }: UserServices): AnyRouteDefinition[] {
  /** A user's link to the application (its device tags): the record of a change shows them before and after. */
  const linkedUser = async (actor: SessionUser, appId: string, userId: string) =>
    (await applicationUsers.list(actor, appId)).users.find((row) => row.userId === userId) ?? null;
  return [
    defineAppRoute({
      method: 'GET',
      url: '/application-users/:appId',
      summary: 'The users (with their device tags) and groups that may use the application',
      ...managers,
      app: 'appId',
      permission: 'useredit',
      params: AppParams,
      response: applicationUsersSchema,
      handler: ({ user, app }) => applicationUsers.list(user, app.id),
    }),
    defineAppRoute({
      method: 'GET',
      url: '/application-users/:appId/user-choices',
      summary: 'The users Add user offers: those the caller manages who can see the application and are not in it yet',
      ...managers,
      app: 'appId',
      permission: 'useredit',
      params: AppParams,
      response: applicationUserChoicesSchema,
      handler: ({ user, app }) => applicationUsers.userChoices(user, app),
    }),
    defineAppRoute({
      method: 'POST',
      url: '/application-users/:appId/users',
      errors: [409],
      summary: 'Let a user use the application, optionally only devices with the given tags',
      ...managers,
      app: 'appId',
      permission: 'useredit',
      params: AppParams,
      body: ApplicationUserInput,
      audit: 'applicationUsers.addUser',
      response: applicationUsersSchema,
      created: true,
      handler: ({ user, app, body }) => applicationUsers.addUser(user, app, body.userId, body.deviceTags),
    }),
    defineAppRoute({
      method: 'PUT',
      url: '/application-users/:appId/users/:userId/device-tags',
      summary: 'Limit a user of the application to devices with these tags (empty: every device)',
      ...managers,
      app: 'appId',
      scope: { kind: USER_SCOPE, from: 'userId' },
      permission: 'useredit',
      params: AppUserParams,
      body: DeviceTagsInput,
      audit: {
        action: 'applicationUsers.setDeviceTags',
        row: ({ user, app, params }) => linkedUser(user, app.id, params.userId),
      },
      response: applicationUsersSchema,
      handler: ({ user, app, params, body }) => applicationUsers.setDeviceTags(user, app.id, params.userId, body.deviceTags),
    }),
    defineAppRoute({
      method: 'DELETE',
      url: '/application-users/:appId/users/:userId',
      summary: 'Disassociate a user from the application',
      ...managers,
      app: 'appId',
      scope: { kind: USER_SCOPE, from: 'userId' },
      permission: 'useredit',
      params: AppUserParams,
      audit: { action: 'applicationUsers.removeUser', row: ({ user, app, params }) => linkedUser(user, app.id, params.userId) },
      handler: ({ app, params }) => applicationUsers.removeUser(app.id, params.userId),
    }),
    defineAppRoute({
      method: 'POST',
      url: '/application-users/:appId/groups',
      errors: [409],
      summary: 'Let every member of a group use the application',
      ...managers,
      app: 'appId',
      permission: 'useredit',
      params: AppParams,
      body: ApplicationGroupInput,
      audit: 'applicationUsers.addGroup',
      response: applicationUsersSchema,
      created: true,
      handler: ({ user, app, body }) => applicationUsers.addGroup(user, app.id, body.groupId),
    }),
    defineAppRoute({
      method: 'DELETE',
      url: '/application-users/:appId/groups/:groupId',
      summary: 'Disassociate a group from the application',
      ...managers,
      app: 'appId',
      scope: { kind: USER_GROUP_SCOPE, from: 'groupId' },
      permission: 'useredit',
      params: AppGroupParams,
      audit: {
        action: 'applicationUsers.removeGroup',
        row: async ({ user, app, params }) =>
          (await applicationUsers.list(user, app.id)).groups.find((group) => group.groupId === params.groupId) ?? null,
      },
      handler: ({ app, params }) => applicationUsers.removeGroup(app.id, params.groupId),
    }),
  ];
}
