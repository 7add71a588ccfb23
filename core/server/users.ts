import { createToken, type PermissionKey, type SessionUser, type UserLevel } from '@sensorium/core/common';
import type { Database } from './database';

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

/** A new account whose password was hashed earlier with `hashPassword` (e.g. kept by a pending sign-up). */
export type NewUserWithHash = Omit<NewUser, 'password'> & { passwordHash: string };

/**
 * Core's store of accounts and user groups (tables `users`, `user_groups`), used by the session routes,
 * the first-start admin bootstrap and the users plugin. Passwords are hashed with argon2id here and nowhere else.
 */
export interface UserDirectory {
  /** `transaction`: write inside the caller's transaction instead of on its own. */
  createGroup(
    input: { name: string; permissions: PermissionKey[]; organisationId?: string | null },
    transaction?: Database,
  ): Promise<{ id: string }>;
  /** 409 'errors.usernameTaken' (field username) when the username exists. */
  createUser(input: NewUser | NewUserWithHash, transaction?: Database): Promise<{ id: string }>;
  /** The argon2id hash `createUser` stores, for a password to be kept before its account exists. */
  hashPassword(password: string): Promise<string>;
  findSessionUser(userId: string): Promise<SessionUser | null>;
  /** Null when the username is unknown, the account is disabled or the password is wrong. */
  verifyPassword(username: string, password: string): Promise<SessionUser | null>;
  setPassword(userId: string, password: string): Promise<void>;
}
export const UserDirectoryToken = createToken<UserDirectory>('core.user-directory');
