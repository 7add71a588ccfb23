import { createToken, type PermissionKey, type SessionUser, type UserLevel } from '../common';

export interface NewUser {
  username: string;
  password: string;
  name?: string;
  email?: string | null;
  level: UserLevel;
  groupId?: string | null;
  organisationId?: string | null;
  endCustomerId?: string | null;
}

/**
 * Core's store of accounts and user groups (tables `users`, `user_groups`), used by the session routes,
 * the first-start admin bootstrap and the users plugin. Passwords are hashed with argon2id here and nowhere else.
 */
export interface UserDirectory {
  createGroup(input: { name: string; permissions: PermissionKey[]; organisationId?: string | null }): Promise<{ id: string }>;
  createUser(input: NewUser): Promise<{ id: string }>;
  findSessionUser(userId: string): Promise<SessionUser | null>;
  /** Null when the username is unknown, the account is disabled or the password is wrong. */
  verifyPassword(username: string, password: string): Promise<SessionUser | null>;
  setPassword(userId: string, password: string): Promise<void>;
}
export const UserDirectoryToken = createToken<UserDirectory>('core.user-directory');
