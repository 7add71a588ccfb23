import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PermissionKey, SessionUser, UserLevel } from '@sensorium/core/common';
import { HttpError, type Database, type KeywordPageQuery, type UserDirectory } from '@sensorium/core/server';
import type { NewUserInput, UserPage, UserPatchInput, UserRow } from '../common';
import { accountColumns, endCustomers, userGroups, users } from './schema';
import { assertWithin, assignableCustomers, manageableGroups, manageableUsers, uuidOrNotFound } from './tenancy';

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ? value.trim() : null);
/** `%` and `_` typed in a search box match themselves. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

interface Placement {
  level: UserLevel;
  organisationId: string | null;
  endCustomerId: string | null;
}

/** Accounts seen through the caller's tenancy: another tenant's user is simply not found. */
export class UserRepository {
  constructor(
    private readonly db: Database,
    private readonly directory: UserDirectory,
  ) {}

  private rows(condition: SQL | undefined) {
    return this.db
      .select({
        ...accountColumns,
        groupId: users.groupId,
        groupName: userGroups.name,
        organisationId: users.organisationId,
        endCustomerId: users.endCustomerId,
        endCustomerName: endCustomers.name,
        scope: users.scope,
        ldapUrl: users.ldapUrl,
        userDn: users.userDn,
        disabled: users.disabled,
        otpEnabled: users.otpEnabled,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(userGroups, eq(userGroups.id, users.groupId))
      .leftJoin(endCustomers, eq(endCustomers.id, users.endCustomerId))
      .where(condition);
  }

  private toRow(row: Awaited<ReturnType<UserRepository['rows']>>[number]): UserRow {
    return { ...row, createdAt: row.createdAt.toISOString() };
  }

  async list(actor: SessionUser, query: KeywordPageQuery): Promise<UserPage> {
    const keyword = query.keyword?.trim();
    const condition = and(
      manageableUsers(actor),
      keyword
        ? or(
            ilike(users.username, likePattern(keyword)),
            ilike(users.name, likePattern(keyword)),
            ilike(users.email, likePattern(keyword)),
          )
        : undefined,
    );
    const [total] = await this.db.select({ total: count() }).from(users).where(condition);
    const rows = await this.rows(condition).orderBy(asc(users.username)).limit(query.limit).offset(query.offset);
    return { total: total?.total ?? 0, users: rows.map((row) => this.toRow(row)) };
  }

  async get(actor: SessionUser, id: string): Promise<UserRow> {
    const [row] = await this.rows(and(eq(users.id, uuidOrNotFound(id)), manageableUsers(actor)));
    if (!row) throw HttpError.notFound();
    return this.toRow(row);
  }

  /** A user the actor may change: visible, not the actor's own account where that matters, holding no more than the actor. */
  private async target(actor: SessionUser, id: string, options: { notSelf?: boolean } = {}): Promise<UserRow> {
    const user = await this.get(actor, id);
    if (options.notSelf && user.id === actor.id) throw HttpError.badRequest('users.errors.notYourself');
    if (actor.level !== 'cloud') assertWithin(actor, await this.groupPermissions(user.groupId), 'users.errors.userExceedsYours');
    return user;
  }

  private async groupPermissions(groupId: string | null): Promise<PermissionKey[]> {
    if (!groupId) return [];
    const [group] = await this.db
      .select({ permissions: userGroups.permissions })
      .from(userGroups)
      .where(eq(userGroups.id, groupId));
    return group?.permissions ?? [];
  }

  /** A group the actor sees and may hand out. */
  private async assignableGroup(actor: SessionUser, groupId: string): Promise<void> {
    const [group] = await this.db
      .select({ permissions: userGroups.permissions })
      .from(userGroups)
      .where(and(eq(userGroups.id, groupId), manageableGroups(actor)));
    if (!group) throw HttpError.badRequest('users.errors.unknownGroup', 'groupId');
    assertWithin(actor, group.permissions, 'users.errors.groupExceedsYours');
  }

  /**
   * Where a user belongs: a cloud user nowhere; an si-customer in an organisation (the creator's, or for a cloud creator
   * the one given, else the customer's, else a new one); an end-customer user with one of the actor's end customers.
   */
  private async place(
    actor: SessionUser,
    wanted: { level: UserLevel; endCustomerId?: string | null; organisationId?: string | null },
  ): Promise<Placement> {
    if (wanted.level === 'cloud') {
      if (actor.level !== 'cloud') throw HttpError.forbidden('users.errors.cloudNotAllowed');
      return { level: 'cloud', organisationId: null, endCustomerId: null };
    }
    let customer: { id: string; organisationId: string | null } | undefined;
    if (wanted.endCustomerId) {
      [customer] = await this.db
        .select({ id: endCustomers.id, organisationId: endCustomers.organisationId })
        .from(endCustomers)
        .where(and(eq(endCustomers.id, wanted.endCustomerId), assignableCustomers(actor)));
      if (!customer) throw HttpError.badRequest('users.errors.unknownCustomer', 'endCustomerId');
    }
    if (wanted.level === 'end-customer') {
      if (!customer) throw HttpError.badRequest('users.validation.customerRequired', 'endCustomerId');
      return { level: 'end-customer', organisationId: customer.organisationId, endCustomerId: customer.id };
    }
    const organisationId =
      actor.level === 'cloud'
        ? wanted.organisationId?.trim() || customer?.organisationId || `org_${randomBytes(6).toString('hex')}`
        : actor.organisationId;
    return { level: 'si-customer', organisationId, endCustomerId: customer?.id ?? null };
  }

  async create(actor: SessionUser, input: NewUserInput): Promise<UserRow> {
    const placement = await this.place(actor, input);
    await this.assignableGroup(actor, input.groupId);
    const { id } = await this.directory.createUser({
      username: input.username.trim(),
      password: input.password,
      name: input.name.trim(),
      email: blankToNull(input.email) ?? null,
      groupId: input.groupId,
      ...placement,
    });
    await this.db
      .update(users)
      .set({
        phone: blankToNull(input.phone) ?? null,
        scope: input.scope?.trim() ?? '',
        ldapUrl: blankToNull(input.ldapUrl) ?? null,
        userDn: blankToNull(input.userDn) ?? null,
      })
      .where(eq(users.id, id));
    return this.get(actor, id);
  }

  async update(actor: SessionUser, id: string, patch: UserPatchInput): Promise<UserRow> {
    const user = await this.target(actor, id);
    const differs = (sent: string | null | undefined, current: string | null) =>
      sent !== undefined && (sent?.trim() || null) !== current;
    const changesPlacement =
      differs(patch.level, user.level) ||
      differs(patch.endCustomerId, user.endCustomerId) ||
      differs(patch.organisationId, user.organisationId);
    if (user.id === actor.id && (changesPlacement || (patch.groupId !== undefined && patch.groupId !== user.groupId))) {
      throw HttpError.badRequest('users.errors.notYourself');
    }
    const placement = changesPlacement
      ? await this.place(actor, {
          level: patch.level ?? user.level,
          endCustomerId: patch.endCustomerId === undefined ? user.endCustomerId : patch.endCustomerId,
          organisationId: patch.organisationId === undefined ? user.organisationId : patch.organisationId,
        })
      : {};
    if (patch.groupId !== undefined && patch.groupId !== user.groupId) await this.assignableGroup(actor, patch.groupId);
    await this.db
      .update(users)
      .set({
        ...placement,
        name: patch.name?.trim(),
        email: blankToNull(patch.email),
        phone: blankToNull(patch.phone),
        groupId: patch.groupId,
        scope: patch.scope?.trim(),
        ldapUrl: blankToNull(patch.ldapUrl),
        userDn: blankToNull(patch.userDn),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    return this.get(actor, user.id);
  }

  async setDisabled(actor: SessionUser, id: string, disabled: boolean): Promise<UserRow> {
    const user = await this.target(actor, id, { notSelf: true });
    await this.db.update(users).set({ disabled, updatedAt: new Date() }).where(eq(users.id, user.id));
    return { ...user, disabled };
  }

  async remove(actor: SessionUser, id: string): Promise<void> {
    const user = await this.target(actor, id, { notSelf: true });
    await this.db.delete(users).where(eq(users.id, user.id));
  }

  async resetPassword(actor: SessionUser, id: string, password: string): Promise<void> {
    const user = await this.target(actor, id);
    await this.directory.setPassword(user.id, password);
  }

  /** Puts a user into a group (User Groups page); 409 when it is there already. */
  async moveToGroup(actor: SessionUser, userId: string, groupId: string): Promise<UserRow> {
    const user = await this.target(actor, userId, { notSelf: true });
    if (user.groupId === groupId) throw HttpError.conflict('users.errors.alreadyInGroup', 'userId');
    await this.assignableGroup(actor, groupId);
    await this.db.update(users).set({ groupId, updatedAt: new Date() }).where(eq(users.id, user.id));
    return this.get(actor, user.id);
  }
}
