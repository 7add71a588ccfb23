import type { HttpClient } from '@sensorium/core/client';
import type {
  ApiKeyRow,
  ApplicationUserChoice,
  ApplicationUsers,
  MyAccount,
  NewApiKey,
  UserGroupPage,
  UserPage,
} from '../common';

/** A page of a searchable list: the keyword is left out when blank. */
export interface PageQuery {
  keyword?: string;
  offset?: number;
  limit: number;
}

export interface EndCustomerChoice {
  id: string;
  name: string;
}

/** The body of a user form (POST /users takes username and password too). */
export type UserValues = Record<string, unknown>;

export interface GroupValues {
  name: string;
  permissions: string[];
}

export interface ProfileValues {
  name: string;
  email: string | null;
  phone: string | null;
  /** Sent when the e-mail changes, which needs it. */
  currentPassword?: string;
}

const searchParams = ({ keyword, offset, limit }: PageQuery) => {
  const params: Record<string, string | number> = { limit };
  if (offset !== undefined) params.offset = offset;
  if (keyword?.trim()) params.keyword = keyword.trim();
  return params;
};

const id = (value: string) => encodeURIComponent(value);

/** The calls of the users plugin's pages (README, API), for its stores only. */
export function createUsersApi(http: HttpClient) {
  return {
    users: (query: PageQuery) => http.get('users', { searchParams: searchParams(query) }).json<UserPage>(),
    createUser: (values: UserValues) => http.post('users', { json: values }).then(() => undefined),
    updateUser: (userId: string, values: UserValues) => http.patch(`users/${id(userId)}`, { json: values }).then(() => undefined),
    setDisabled: (userId: string, disabled: boolean) =>
      http.put(`users/${id(userId)}/disabled`, { json: { disabled } }).then(() => undefined),
    setPassword: (userId: string, password: string) =>
      http.put(`users/${id(userId)}/password`, { json: { password } }).then(() => undefined),
    deleteUser: (userId: string) => http.delete(`users/${id(userId)}`).then(() => undefined),
    resetSecondFactor: (userId: string) => http.delete(`users/${id(userId)}/second-factor`).then(() => undefined),

    groups: (query: PageQuery) => http.get('user-groups', { searchParams: searchParams(query) }).json<UserGroupPage>(),
    grantablePermissions: () => http.get('user-groups/permissions').json<{ permissions: string[] }>(),
    createGroup: (values: GroupValues) => http.post('user-groups', { json: values }).then(() => undefined),
    updateGroup: (groupId: string, values: GroupValues) =>
      http.patch(`user-groups/${id(groupId)}`, { json: values }).then(() => undefined),
    deleteGroup: (groupId: string) => http.delete(`user-groups/${id(groupId)}`).then(() => undefined),
    addMember: (groupId: string, userId: string) =>
      http.post(`user-groups/${id(groupId)}/members`, { json: { userId } }).then(() => undefined),

    /** The applications plugin's list of the caller's end customers, offered by the user form. */
    endCustomers: () => http.get('customer/end-customer-list/').json<EndCustomerChoice[]>(),

    myAccount: () => http.get('my-account').json<MyAccount>(),
    saveProfile: (values: ProfileValues) => http.put('my-account/profile', { json: values }).json<MyAccount>(),
    changePassword: (currentPassword: string, newPassword: string) =>
      http.put('my-account/password', { json: { currentPassword, newPassword } }).then(() => undefined),
    setSecondFactor: (otpEnabled: boolean, currentPassword: string) =>
      http.put('my-account/second-factor', { json: { otpEnabled, currentPassword } }).json<MyAccount>(),

    apiKeys: () => http.get('api-keys').json<ApiKeyRow[]>(),
    createApiKey: (name: string) => http.post('api-keys', { json: { name } }).json<NewApiKey>(),
    revokeApiKey: (keyId: string) => http.post(`api-keys/${id(keyId)}/revoke`).json<NewApiKey>(),
    deleteApiKey: (keyId: string) => http.delete(`api-keys/${id(keyId)}`).then(() => undefined),

    /** The application's name; an unknown or invisible application answers 404 (the HTTP client opens /auth/not-found). */
    application: (appId: string) => http.get(`application/${id(appId)}`).json<{ name: string }>(),
    applicationUsers: (appId: string) => http.get(`application-users/${id(appId)}`).json<ApplicationUsers>(),
    /** The users Add user may offer: those who can see the application and are not in it yet. */
    applicationUserChoices: (appId: string) =>
      http.get(`application-users/${id(appId)}/user-choices`).json<ApplicationUserChoice[]>(),
    addApplicationUser: (appId: string, userId: string, deviceTags: string[]) =>
      http.post(`application-users/${id(appId)}/users`, { json: { userId, deviceTags } }).then(() => undefined),
    setDeviceTags: (appId: string, userId: string, deviceTags: string[]) =>
      http.put(`application-users/${id(appId)}/users/${id(userId)}/device-tags`, { json: { deviceTags } }).then(() => undefined),
    removeApplicationUser: (appId: string, userId: string) =>
      http.delete(`application-users/${id(appId)}/users/${id(userId)}`).then(() => undefined),
    addApplicationGroup: (appId: string, groupId: string) =>
      http.post(`application-users/${id(appId)}/groups`, { json: { groupId } }).then(() => undefined),
    removeApplicationGroup: (appId: string, groupId: string) =>
      http.delete(`application-users/${id(appId)}/groups/${id(groupId)}`).then(() => undefined),
  };
}

export type UsersApi = ReturnType<typeof createUsersApi>;
