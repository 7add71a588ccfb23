import type { PermissionKey, UserLevel } from '@sensorium/core/common';

/** One account as the Users page shows it (accounts spec §3, user overview vocabulary). */
export interface UserRow {
  id: string;
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
  level: UserLevel;
  groupId: string | null;
  groupName: string | null;
  organisationId: string | null;
  endCustomerId: string | null;
  endCustomerName: string | null;
  scope: string;
  ldapUrl: string | null;
  userDn: string | null;
  disabled: boolean;
  otpEnabled: boolean;
  createdAt: string;
}

export interface UserPage {
  total: number;
  users: UserRow[];
}

export interface UserGroupRow {
  id: string;
  name: string;
  permissions: PermissionKey[];
  organisationId: string | null;
  memberCount: number;
}

export interface UserGroupPage {
  total: number;
  groups: UserGroupRow[];
}

/** The signed-in user's own account (My Account). */
export interface MyAccount {
  id: string;
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
  level: UserLevel;
  groupName: string | null;
  permissions: PermissionKey[];
  endCustomerName: string | null;
  scope: string;
  otpEnabled: boolean;
}

/** An API key as lists show it: never the key itself, only its first characters. */
export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Answered once, when a key is created or replaced (revoked): the only time the key is shown. */
export interface NewApiKey extends ApiKeyRow {
  key: string;
}

export interface ApplicationUserRow {
  userId: string;
  username: string;
  name: string;
  level: UserLevel;
  groupName: string | null;
  /** Empty: every device of the application; otherwise only devices carrying one of these tags. */
  deviceTags: string[];
}

/** A user User Setup's Add user offers: one the caller manages who can see the application and is not yet in it. */
export type ApplicationUserChoice = Omit<ApplicationUserRow, 'deviceTags'>;

export interface ApplicationGroupRow {
  groupId: string;
  name: string;
  memberCount: number;
}

/** Who may use one application (User Setup). */
export interface ApplicationUsers {
  users: ApplicationUserRow[];
  groups: ApplicationGroupRow[];
}

/** Page size of the Users, User Groups and User Setup tables (shell spec §9). */
export const USERS_PAGE_SIZE = 10;
/** accounts spec §9 / §5: passwords at least 8; login fields at most 20 characters. */
export const PASSWORD_MIN_LENGTH = 8;
export const CREDENTIAL_MAX_LENGTH = 20;
/** The example the phone-format message shows. */
export const PHONE_EXAMPLE = '+85291234567';
