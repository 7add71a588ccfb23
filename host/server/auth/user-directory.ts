import { hash, verify } from '@node-rs/argon2';
import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PermissionKey, SessionUser } from '@sensorium/core/common';
import {
  HttpError,
  likePattern,
  type Account,
  type AccountFilter,
  type AccountPatch,
  type Database,
  type GroupFilter,
  type NewUser,
  type NewUserWithHash,
  type PageWindow,
  type UserDirectory,
  type UserGroup,
} from '@sensorium/core/server';
import { userGroups, users } from '../db/schema';
import { installCommonPasswords } from './common-passwords';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (id: string) => UUID_PATTERN.test(id);

// @node-rs/argon2 hashes with argon2id and OWASP's parameters by default.
const hashPassword = (password: string) => hash(password);

/** Usernames compare without case: `Jane.Doe@Example.com` signs in as `jane.doe@example.com`. */
export const sameUsername = (username: string): SQL => sql`lower(${users.username}) = lower(${username})`;

/** Ids that are not uuids name nothing (rather than failing in the database). */
const uuidsIn = (column: typeof users.id | typeof userGroups.id, ids: readonly string[]): SQL => {
  const valid = ids.filter(isUuid);
  return valid.length > 0 ? inArray(column, valid) : sql`false`;
};

const accountColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  phone: users.phone,
  level: users.level,
  groupId: users.groupId,
  groupName: userGroups.name,
  groupPermissions: userGroups.permissions,
  organisationId: users.organisationId,
  endCustomerId: users.endCustomerId,
  scope: users.scope,
  ldapUrl: users.ldapUrl,
  userDn: users.userDn,
  disabled: users.disabled,
  otpEnabled: users.otpEnabled,
  createdAt: users.createdAt,
};

const memberCount = sql<number>`(SELECT count(*)::int FROM ${users} WHERE ${users.groupId} = ${userGroups.id})`;

function accountCondition(filter: AccountFilter): SQL | undefined {
  const keyword = filter.keyword?.trim();
  const tenant = filter.tenant;
  const tenantCondition = tenant
    ? or(
        tenant.organisationId === null ? undefined : eq(users.organisationId, tenant.organisationId),
        tenant.endCustomerIds.length > 0 ? inArray(users.endCustomerId, [...tenant.endCustomerIds]) : undefined,
      )
    : undefined;
  return and(
    filter.ids ? uuidsIn(users.id, filter.ids) : undefined,
    filter.levels ? (filter.levels.length > 0 ? inArray(users.level, [...filter.levels]) : sql`false`) : undefined,
    tenant ? (tenantCondition ?? sql`false`) : undefined,
    keyword
      ? or(
          ilike(users.username, likePattern(keyword)),
          ilike(users.name, likePattern(keyword)),
          ilike(users.email, likePattern(keyword)),
        )
      : undefined,
  );
}

function groupCondition(filter: GroupFilter): SQL | undefined {
  const keyword = filter.keyword?.trim();
  return and(
    filter.ids ? uuidsIn(userGroups.id, filter.ids) : undefined,
    filter.organisationId === undefined
      ? undefined
      : filter.organisationId === null
        ? isNull(userGroups.organisationId)
        : eq(userGroups.organisationId, filter.organisationId),
    keyword ? ilike(userGroups.name, likePattern(keyword)) : undefined,
    filter.name === undefined ? undefined : sql`lower(${userGroups.name}) = lower(${filter.name})`,
    filter.exceptId && isUuid(filter.exceptId) ? ne(userGroups.id, filter.exceptId) : undefined,
  );
}

/** Accounts and user groups in core's tables. */
export class DatabaseUserDirectory implements UserDirectory {
  /** Verified against when the username is unknown, so a wrong username takes as long as a wrong password. */
  private decoyHash: Promise<string> | null = null;
  private readonly changeListeners: (() => void)[] = [];

  constructor(
    private readonly db: Database,
    /** What a cloud user holds: core's keys and every installed plugin's. */
    private readonly allPermissions: readonly PermissionKey[],
  ) {
    // Every new password passes through the inputs' password rule; the server's copy knows the common passwords.
    installCommonPasswords();
  }

  /** Told after each change of an account or group that a session user shows (level, rights, tenancy, enabled). */
  onSessionUsersChanged(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  private changed(): void {
    for (const listener of this.changeListeners) listener();
  }

  hashPassword(password: string): Promise<string> {
    return hashPassword(password);
  }

  async createGroup(
    input: { name: string; permissions: PermissionKey[]; organisationId?: string | null },
    transaction: Database = this.db,
  ): Promise<{ id: string }> {
    const [row] = await transaction
      .insert(userGroups)
      .values({ name: input.name, permissions: input.permissions, organisationId: input.organisationId ?? null })
      .returning({ id: userGroups.id });
    return row!;
  }

  private selectGroups() {
    return this.db
      .select({
        id: userGroups.id,
        name: userGroups.name,
        permissions: userGroups.permissions,
        organisationId: userGroups.organisationId,
        memberCount,
      })
      .from(userGroups);
  }

  async findGroup(id: string): Promise<UserGroup | null> {
    if (!isUuid(id)) return null;
    const [group] = await this.selectGroups().where(eq(userGroups.id, id));
    return group ?? null;
  }

  async listGroups(filter: GroupFilter, page?: PageWindow): Promise<{ total: number; groups: UserGroup[] }> {
    const condition = groupCondition(filter);
    const [total] = await this.db.select({ total: count() }).from(userGroups).where(condition);
    const ordered = this.selectGroups().where(condition).orderBy(asc(userGroups.name));
    const groups = page ? await ordered.limit(page.limit).offset(page.offset) : await ordered;
    return { total: total?.total ?? 0, groups };
  }

  async updateGroup(id: string, patch: { name?: string; permissions?: PermissionKey[] }): Promise<void> {
    if (patch.name === undefined && patch.permissions === undefined) return;
    await this.db.update(userGroups).set({ name: patch.name, permissions: patch.permissions }).where(eq(userGroups.id, id));
    this.changed();
  }

  async deleteGroup(id: string): Promise<void> {
    // Members keep their accounts without a group (the foreign key sets null).
    await this.db.delete(userGroups).where(eq(userGroups.id, id));
    this.changed();
  }

  async createUser(input: NewUser | NewUserWithHash, transaction: Database = this.db): Promise<{ id: string }> {
    const passwordHash = 'passwordHash' in input ? input.passwordHash : await hashPassword(input.password);
    const [row] = await transaction
      .insert(users)
      .values({
        username: input.username,
        passwordHash,
        name: input.name ?? '',
        email: input.email ?? null,
        phone: input.phone ?? null,
        level: input.level,
        groupId: input.groupId ?? null,
        organisationId: input.organisationId ?? null,
        endCustomerId: input.endCustomerId ?? null,
        scope: input.scope ?? '',
        ldapUrl: input.ldapUrl ?? null,
        userDn: input.userDn ?? null,
      })
      // The unique index on lower(username): a username taken in another case is taken.
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) throw HttpError.conflict('errors.usernameTaken', 'username');
    return row;
  }

  private selectAccounts() {
    return this.db.select(accountColumns).from(users).leftJoin(userGroups, eq(userGroups.id, users.groupId));
  }

  private toAccount(row: Awaited<ReturnType<DatabaseUserDirectory['selectAccounts']>>[number]): Account {
    return { ...row, groupPermissions: row.groupPermissions ?? [] };
  }

  async findAccount(id: string): Promise<Account | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.selectAccounts().where(eq(users.id, id)).limit(1);
    return row ? this.toAccount(row) : null;
  }

  async findByUsernameOrEmail(address: string, options: { enabledOnly?: boolean } = {}): Promise<Account | null> {
    const [row] = await this.selectAccounts()
      .where(
        and(
          or(sameUsername(address), sql`lower(${users.email}) = lower(${address})`),
          options.enabledOnly ? eq(users.disabled, false) : undefined,
        ),
      )
      .limit(1);
    return row ? this.toAccount(row) : null;
  }

  async listAccounts(filter: AccountFilter, page?: PageWindow): Promise<{ total: number; accounts: Account[] }> {
    const condition = accountCondition(filter);
    const [total] = await this.db.select({ total: count() }).from(users).where(condition);
    const ordered = this.selectAccounts().where(condition).orderBy(asc(users.username));
    const rows = page ? await ordered.limit(page.limit).offset(page.offset) : await ordered;
    return { total: total?.total ?? 0, accounts: rows.map((row) => this.toAccount(row)) };
  }

  async updateAccount(id: string, patch: AccountPatch): Promise<void> {
    // Field by field, so nothing else (a password hash, a username) can ride along in the patch.
    const { name, email, phone, scope, ldapUrl, userDn, level, groupId, organisationId, endCustomerId, disabled, otpEnabled } =
      patch;
    await this.db
      .update(users)
      .set({
        name,
        email,
        phone,
        scope,
        ldapUrl,
        userDn,
        level,
        groupId,
        organisationId,
        endCustomerId,
        disabled,
        otpEnabled,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id));
    this.changed();
  }

  async deleteAccount(id: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
    this.changed();
  }

  private loadQuery(condition: SQL) {
    return this.db
      .select({ user: users, groupPermissions: userGroups.permissions })
      .from(users)
      .leftJoin(userGroups, eq(users.groupId, userGroups.id))
      .where(condition)
      .limit(1);
  }

  private async load(condition: SQL) {
    const [row] = await this.loadQuery(condition);
    return row;
  }

  /**
   * The user behind a request's token, which every API call reads: prepared once, so that neither Drizzle builds the
   * statement again nor PostgreSQL parses and plans it on each call (building it was a good part of a short request).
   */
  private readonly sessionUserById = this.loadQuery(eq(users.id, sql.placeholder('id'))).prepare('core_session_user');

  private toSessionUser(row: NonNullable<Awaited<ReturnType<DatabaseUserDirectory['load']>>>): SessionUser {
    const { user } = row;
    return {
      id: user.id,
      username: user.username,
      name: user.name,
      level: user.level,
      permissions: user.level === 'cloud' ? [...this.allPermissions] : (row.groupPermissions ?? []),
      organisationId: user.organisationId,
      endCustomerId: user.endCustomerId,
    };
  }

  /** Null for unknown and disabled accounts, so a disabled user's tokens stop working at once. */
  async findSessionUser(userId: string): Promise<SessionUser | null> {
    if (!isUuid(userId)) return null;
    const [row] = await this.sessionUserById.execute({ id: userId });
    return row && !row.user.disabled ? this.toSessionUser(row) : null;
  }

  async verifyPassword(username: string, password: string): Promise<SessionUser | null> {
    const row = await this.load(sameUsername(username));
    if (!row) {
      this.decoyHash ??= hashPassword('decoy password that matches nothing');
      await verify(await this.decoyHash, password);
      return null;
    }
    const matches = await verify(row.user.passwordHash, password);
    return matches && !row.user.disabled ? this.toSessionUser(row) : null;
  }

  async setPassword(userId: string, password: string): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
      .where(eq(users.id, userId));
  }
}
