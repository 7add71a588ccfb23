import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SessionUser, UserLevel } from '@sensorium/core/common';
import {
  HttpError,
  type Account,
  type KeywordPageQuery,
  type SessionRevocation,
  type UserDirectory,
} from '@sensorium/core/server';
import type { NewUserInput, UserPage, UserPatchInput, UserRow } from '../common';
import { assertWithin, type Tenancy } from './tenancy';

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ? value.trim() : null);

interface Placement {
  level: UserLevel;
  organisationId: string | null;
  endCustomerId: string | null;
}

/**
 * Accounts as the Users page shows them, kept in core's UserDirectory. Routes on one user declare the `user` scope, so
 * the pipeline has answered 404 for another tenant's user before these run; users named in a body are checked here.
 */
export class UserRepository {
  constructor(
    private readonly directory: UserDirectory,
    private readonly tenancy: Tenancy,
    private readonly sessions: SessionRevocation,
  ) {}

  private async toRows(accounts: Account[]): Promise<UserRow[]> {
    const names = await this.tenancy.customerNames(accounts.map((account) => account.endCustomerId));
    return accounts.map((account) => ({
      id: account.id,
      username: account.username,
      name: account.name,
      email: account.email,
      phone: account.phone,
      level: account.level,
      groupId: account.groupId,
      groupName: account.groupName,
      organisationId: account.organisationId,
      endCustomerId: account.endCustomerId,
      endCustomerName: account.endCustomerId ? (names.get(account.endCustomerId) ?? null) : null,
      scope: account.scope,
      ldapUrl: account.ldapUrl,
      userDn: account.userDn,
      disabled: account.disabled,
      otpEnabled: account.otpEnabled,
      createdAt: account.createdAt.toISOString(),
    }));
  }

  async list(actor: SessionUser, query: KeywordPageQuery): Promise<UserPage> {
    const filter = await this.tenancy.userFilter(actor);
    if (!filter) return { total: 0, users: [] };
    const page = await this.directory.listAccounts(
      { ...filter, keyword: query.keyword },
      { offset: query.offset, limit: query.limit },
    );
    return { total: page.total, users: await this.toRows(page.accounts) };
  }

  /** A user the route scope has let through (404 should it have gone meanwhile). */
  async get(id: string): Promise<UserRow> {
    const account = await this.directory.findAccount(id);
    if (!account) throw HttpError.notFound();
    const [row] = await this.toRows([account]);
    return row!;
  }

  /** A user the actor may change: not the actor's own account where that matters, holding no more than the actor. */
  private async target(actor: SessionUser, account: Account | null, options: { notSelf?: boolean } = {}): Promise<UserRow> {
    if (!account) throw HttpError.notFound();
    if (options.notSelf && account.id === actor.id) throw HttpError.badRequest('users.errors.notYourself');
    if (actor.level !== 'cloud') assertWithin(actor, account.groupPermissions, 'users.errors.userExceedsYours');
    const [row] = await this.toRows([account]);
    return row!;
  }

  /** A group the actor sees and may hand out. */
  private async assignableGroup(actor: SessionUser, groupId: string): Promise<void> {
    const group = await this.tenancy.manageableGroup(actor, groupId);
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
    const customer = wanted.endCustomerId ? await this.tenancy.assignableCustomer(actor, wanted.endCustomerId) : null;
    if (wanted.endCustomerId && !customer) throw HttpError.badRequest('users.errors.unknownCustomer', 'endCustomerId');
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
      phone: blankToNull(input.phone) ?? null,
      groupId: input.groupId,
      scope: input.scope?.trim() ?? '',
      ldapUrl: blankToNull(input.ldapUrl) ?? null,
      userDn: blankToNull(input.userDn) ?? null,
      ...placement,
    });
    return this.get(id);
  }

  /**
   * The e-mail carries one-time codes and reset links: removing it while the user's second factor is on would strand
   * the user (400), and a new one ends the user's sessions (the other ones when administrators change their own).
   */
  async update(actor: SessionUser, id: string, patch: UserPatchInput, request: FastifyRequest): Promise<UserRow> {
    const user = await this.target(actor, await this.directory.findAccount(id));
    const email = blankToNull(patch.email);
    if (email === null && user.otpEnabled) throw HttpError.badRequest('users.errors.emailNeededForUserOtp', 'email');
    const emailChanges = email !== undefined && email?.toLowerCase() !== user.email?.toLowerCase();
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
    await this.directory.updateAccount(user.id, {
      ...placement,
      name: patch.name?.trim(),
      email,
      phone: blankToNull(patch.phone),
      groupId: patch.groupId,
      scope: patch.scope?.trim(),
      ldapUrl: blankToNull(patch.ldapUrl),
      userDn: blankToNull(patch.userDn),
    });
    if (emailChanges) {
      if (user.id === actor.id) await this.sessions.revokeOtherSessions(user.id, request);
      else await this.sessions.revokeAllSessions(user.id);
    }
    return this.get(user.id);
  }

  /**
   * Turns a user's second factor off, for a user who lost its channel; the user turns it on again in My Account.
   * Administrators turn their own off in My Account, with their password.
   */
  async resetSecondFactor(actor: SessionUser, id: string): Promise<UserRow> {
    const user = await this.target(actor, await this.directory.findAccount(id), { notSelf: true });
    if (user.otpEnabled) await this.directory.updateAccount(user.id, { otpEnabled: false });
    return { ...user, otpEnabled: false };
  }

  async setDisabled(actor: SessionUser, id: string, disabled: boolean): Promise<UserRow> {
    const user = await this.target(actor, await this.directory.findAccount(id), { notSelf: true });
    await this.directory.updateAccount(user.id, { disabled });
    // Its access tokens already fail the enabled check; revoking also closes its push sockets at once.
    if (disabled) await this.sessions.revokeAllSessions(user.id);
    return { ...user, disabled };
  }

  async remove(actor: SessionUser, id: string): Promise<void> {
    const user = await this.target(actor, await this.directory.findAccount(id), { notSelf: true });
    await this.sessions.revokeAllSessions(user.id);
    await this.directory.deleteAccount(user.id);
  }

  /** Every session of the user ends, the administrator's own too when it resets its own password here. */
  async resetPassword(actor: SessionUser, id: string, password: string): Promise<void> {
    const user = await this.target(actor, await this.directory.findAccount(id));
    await this.directory.setPassword(user.id, password);
    await this.sessions.revokeAllSessions(user.id);
  }

  /**
   * Puts a user named in the body into a group the route scope has let through (User Groups page): 404 for a user the
   * actor does not manage, 409 when it is in the group already.
   */
  async moveToGroup(actor: SessionUser, userId: string, groupId: string): Promise<UserRow> {
    const user = await this.target(actor, await this.tenancy.manageableUser(actor, userId), { notSelf: true });
    if (user.groupId === groupId) throw HttpError.conflict('users.errors.alreadyInGroup', 'userId');
    await this.assignableGroup(actor, groupId);
    await this.directory.updateAccount(user.id, { groupId });
    return this.get(user.id);
  }
}
