import type { FastifyRequest } from 'fastify';
import { createToken, type PermissionKey, type SessionUser, type UserLevel } from '@sensorium/core/common';
import type { Database } from './database';

/** Profile fields an account carries besides its login and placement (Users page, My Account). */
export interface AccountProfile {
  name: string;
  email: string | null;
  phone: string | null;
  /** Free text: which part of the organisation the user looks after. */
  scope: string;
  ldapUrl: string | null;
  userDn: string | null;
}

export interface NewUser extends Partial<AccountProfile> {
  username: string;
  password: string;
  level: UserLevel;
  groupId?: string | null;
  organisationId?: string | null;
  endCustomerId?: string | null;
}

/** A new account whose password was hashed earlier with `hashPassword` (e.g. kept by a pending sign-up). */
export type NewUserWithHash = Omit<NewUser, 'password'> & { passwordHash: string };

/** One account as core keeps it (never its password hash). */
export interface Account extends AccountProfile {
  id: string;
  username: string;
  level: UserLevel;
  groupId: string | null;
  groupName: string | null;
  /** The permissions of the account's group (empty without a group; a cloud user holds every key whatever its group). */
  groupPermissions: PermissionKey[];
  organisationId: string | null;
  endCustomerId: string | null;
  disabled: boolean;
  otpEnabled: boolean;
  createdAt: Date;
}

/** What `updateAccount` changes: a field left undefined keeps its value. */
export type AccountPatch = Partial<
  AccountProfile & {
    level: UserLevel;
    groupId: string | null;
    organisationId: string | null;
    endCustomerId: string | null;
    disabled: boolean;
    otpEnabled: boolean;
  }
>;

/** Which accounts a listing covers; every condition given must hold. */
export interface AccountFilter {
  ids?: readonly string[];
  /** Only accounts of these levels. */
  levels?: readonly UserLevel[];
  /** Only accounts of this organisation or of one of these end customers (null and [] match nothing). */
  tenant?: { organisationId: string | null; endCustomerIds: readonly string[] };
  /** Username, full name or e-mail containing this text, in any case (`%` and `_` match themselves). */
  keyword?: string;
}

export interface UserGroup {
  id: string;
  name: string;
  permissions: PermissionKey[];
  organisationId: string | null;
  memberCount: number;
}

/** Which groups a listing covers; every condition given must hold. */
export interface GroupFilter {
  ids?: readonly string[];
  /** Only the groups of this organisation; null: only groups of no organisation. */
  organisationId?: string | null;
  /** Name containing this text, in any case. */
  keyword?: string;
  /** Name equal to this one, in any case. */
  name?: string;
  /** Leave this group out (a rename checking the name is free). */
  exceptId?: string;
}

/** One page of a listing (ordered by username or group name). */
export interface PageWindow {
  offset: number;
  limit: number;
}

/**
 * Core's store of accounts and user groups (tables `users`, `user_groups`), used by the session routes, the first-start
 * admin bootstrap, sign-up and the users plugin. Passwords are hashed with argon2id here and nowhere else. Who may see
 * which account is the caller's rule: the filters here only express it.
 */
export interface UserDirectory {
  /** `transaction`: write inside the caller's transaction instead of on its own. */
  createGroup(
    input: { name: string; permissions: PermissionKey[]; organisationId?: string | null },
    transaction?: Database,
  ): Promise<{ id: string }>;
  findGroup(id: string): Promise<UserGroup | null>;
  listGroups(filter: GroupFilter, page?: PageWindow): Promise<{ total: number; groups: UserGroup[] }>;
  updateGroup(id: string, patch: { name?: string; permissions?: PermissionKey[] }): Promise<void>;
  /** Its members stay, without a group. */
  deleteGroup(id: string): Promise<void>;

  /** 409 'errors.usernameTaken' (field username) when the username exists in any case. */
  createUser(input: NewUser | NewUserWithHash, transaction?: Database): Promise<{ id: string }>;
  /** The argon2id hash `createUser` stores, for a password to be kept before its account exists. */
  hashPassword(password: string): Promise<string>;
  /** Null for an unknown id (or one that is not a uuid). */
  findAccount(id: string): Promise<Account | null>;
  /** An account whose username or e-mail is `address`, compared without case; `enabledOnly` leaves disabled accounts out. */
  findByUsernameOrEmail(address: string, options?: { enabledOnly?: boolean }): Promise<Account | null>;
  listAccounts(filter: AccountFilter, page?: PageWindow): Promise<{ total: number; accounts: Account[] }>;
  updateAccount(id: string, patch: AccountPatch): Promise<void>;
  /** The account's sessions, API keys and other rows that reference it go with it. */
  deleteAccount(id: string): Promise<void>;
  findSessionUser(userId: string): Promise<SessionUser | null>;
  /** Null when the username (compared without case) is unknown, the account is disabled or the password is wrong. */
  verifyPassword(username: string, password: string): Promise<SessionUser | null>;
  setPassword(userId: string, password: string): Promise<void>;
}
export const UserDirectoryToken = createToken<UserDirectory>('core.user-directory');

/** A company that signed up (company information); an si-customer's users carry its id as organisationId. */
export interface NewOrganisation {
  name: string;
  size: string;
  role: string;
  /** The end customer made for an end_user company; null for an si-customer organisation. */
  endCustomerId: string | null;
}

/** Core's organisations (table `organisations`). */
export interface OrganisationDirectory {
  /** Answers the new organisation's id (`org_` and 12 hex digits). */
  create(input: NewOrganisation, transaction?: Database): Promise<{ id: string }>;
}
export const OrganisationDirectoryToken = createToken<OrganisationDirectory>('core.organisation-directory');

/**
 * Ends a user's sessions (after a password reset, for instance): their refresh tokens, their access tokens (checked
 * against live sessions on every request) and their open push sockets.
 */
export interface SessionRevocation {
  /** Ends every session of the user and drops any login waiting for its second factor. */
  revokeAllSessions(userId: string): Promise<void>;
  /**
   * Ends every session of the user but the one `request` was made in (its access token's), which stays signed in:
   * for changes the user makes to its own credentials. A request made with an API key keeps no session.
   */
  revokeOtherSessions(userId: string, request: FastifyRequest): Promise<void>;
}
export const SessionRevocationToken = createToken<SessionRevocation>('core.session-revocation');
