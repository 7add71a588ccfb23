import { and, eq } from 'drizzle-orm';
import { USER_LEVELS, type SessionUser } from '@sensorium/core/common';
import {
  HttpError,
  type Account,
  type AccountFilter,
  type ApplicationDeletionHook,
  type Database,
  type ScopedApplication,
  type UserDirectory,
} from '@sensorium/core/server';
import { canSeeApplication } from '@sensorium/applications/common';
import type { ApplicationGroupRow, ApplicationUserChoice, ApplicationUserRow, ApplicationUsers } from '../common';
import { applicationGroups, applicationUsers } from './schema';
import type { Tenancy } from './tenancy';

const uniqueTags = (tags: readonly string[] = []) => [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))];

/**
 * Directory filters for the accounts within `managed` that may see the application: cloud users, and the users of its
 * organisation or its end customer (which level goes with which is checked on the rows, by canSeeApplication).
 */
function mayUse(managed: AccountFilter, app: ScopedApplication): AccountFilter[] {
  const levels = managed.levels ?? USER_LEVELS;
  const within = managed.tenant;
  const tenant = {
    organisationId: !within || within.organisationId === app.organisationId ? app.organisationId : null,
    endCustomerIds: !within || within.endCustomerIds.includes(app.endCustomerId) ? [app.endCustomerId] : [],
  };
  return [
    ...(levels.includes('cloud') ? [{ ...managed, levels: ['cloud' as const] }] : []),
    { ...managed, levels: levels.filter((level) => level !== 'cloud'), tenant },
  ];
}

/**
 * User Setup: which users and groups may use an application, and per user an optional list of device tags that limits
 * end-customer users to those devices (read through deviceTagSource). Only users and groups the caller manages appear.
 * The routes declare the application (and the user or group they act on), so the pipeline has checked both.
 */
export class ApplicationUserRepository {
  constructor(
    private readonly db: Database,
    private readonly directory: UserDirectory,
    private readonly tenancy: Tenancy,
  ) {}

  async list(actor: SessionUser, appId: string): Promise<ApplicationUsers> {
    const userLinks = await this.db.select().from(applicationUsers).where(eq(applicationUsers.appId, appId));
    const groupLinks = await this.db.select().from(applicationGroups).where(eq(applicationGroups.appId, appId));
    const userFilter = userLinks.length > 0 ? await this.tenancy.userFilter(actor) : null;
    const groupFilter = groupLinks.length > 0 ? this.tenancy.groupFilter(actor) : null;
    const tags = new Map(userLinks.map((link) => [link.userId, link.deviceTags]));
    // Both listings come back ordered: users by username, groups by name.
    const accounts = userFilter ? (await this.directory.listAccounts({ ...userFilter, ids: [...tags.keys()] })).accounts : [];
    const groups = groupFilter
      ? (await this.directory.listGroups({ ...groupFilter, ids: groupLinks.map((link) => link.groupId) })).groups
      : [];
    const users: ApplicationUserRow[] = accounts.map((account) => ({
      userId: account.id,
      username: account.username,
      name: account.name,
      level: account.level,
      groupName: account.groupName,
      deviceTags: tags.get(account.id) ?? [],
    }));
    const groupRows: ApplicationGroupRow[] = groups.map((group) => ({
      groupId: group.id,
      name: group.name,
      memberCount: group.memberCount,
    }));
    return { users, groups: groupRows };
  }

  /** What Add user offers: users the actor manages who can see the application and are not in it yet, by username. */
  async userChoices(actor: SessionUser, app: ScopedApplication): Promise<ApplicationUserChoice[]> {
    const managed = await this.tenancy.userFilter(actor);
    if (!managed) return [];
    const linked = await this.db
      .select({ userId: applicationUsers.userId })
      .from(applicationUsers)
      .where(eq(applicationUsers.appId, app.id));
    const inApplication = new Set(linked.map((link) => link.userId));
    const found: Account[] = [];
    for (const filter of mayUse(managed, app)) found.push(...(await this.directory.listAccounts(filter)).accounts);
    return found
      .filter((account) => canSeeApplication(account, app) && !inApplication.has(account.id))
      .sort((a, b) => a.username.localeCompare(b.username))
      .map((account) => ({
        userId: account.id,
        username: account.username,
        name: account.name,
        level: account.level,
        groupName: account.groupName,
      }));
  }

  async addUser(actor: SessionUser, app: ScopedApplication, userId: string, deviceTags?: string[]): Promise<ApplicationUsers> {
    const user = await this.tenancy.manageableUser(actor, userId);
    if (!user) throw HttpError.badRequest('users.errors.unknownUser', 'userId');
    if (!canSeeApplication(user, app)) throw HttpError.badRequest('users.errors.userCannotSeeApplication', 'userId');
    const inserted = await this.db
      .insert(applicationUsers)
      .values({ appId: app.id, userId: user.id, deviceTags: uniqueTags(deviceTags) })
      .onConflictDoNothing()
      .returning({ userId: applicationUsers.userId });
    if (inserted.length === 0) throw HttpError.conflict('users.errors.alreadyInApplication', 'userId');
    return this.list(actor, app.id);
  }

  /** For a user the route scope has let through; 404 when it is not associated with the application. */
  async setDeviceTags(actor: SessionUser, appId: string, userId: string, deviceTags: string[]): Promise<ApplicationUsers> {
    const updated = await this.db
      .update(applicationUsers)
      .set({ deviceTags: uniqueTags(deviceTags) })
      .where(and(eq(applicationUsers.appId, appId), eq(applicationUsers.userId, userId)))
      .returning({ userId: applicationUsers.userId });
    if (updated.length === 0) throw HttpError.notFound();
    return this.list(actor, appId);
  }

  async removeUser(appId: string, userId: string): Promise<void> {
    const deleted = await this.db
      .delete(applicationUsers)
      .where(and(eq(applicationUsers.appId, appId), eq(applicationUsers.userId, userId)))
      .returning({ userId: applicationUsers.userId });
    if (deleted.length === 0) throw HttpError.notFound();
  }

  async addGroup(actor: SessionUser, appId: string, groupId: string): Promise<ApplicationUsers> {
    const group = await this.tenancy.manageableGroup(actor, groupId);
    if (!group) throw HttpError.badRequest('users.errors.unknownGroup', 'groupId');
    const inserted = await this.db
      .insert(applicationGroups)
      .values({ appId, groupId: group.id })
      .onConflictDoNothing()
      .returning({ groupId: applicationGroups.groupId });
    if (inserted.length === 0) throw HttpError.conflict('users.errors.groupAlreadyInApplication', 'groupId');
    return this.list(actor, appId);
  }

  async removeGroup(appId: string, groupId: string): Promise<void> {
    const deleted = await this.db
      .delete(applicationGroups)
      .where(and(eq(applicationGroups.appId, appId), eq(applicationGroups.groupId, groupId)))
      .returning({ groupId: applicationGroups.groupId });
    if (deleted.length === 0) throw HttpError.notFound();
  }
}

/** The associations go with their application. */
export const applicationUsersDeletionHook: ApplicationDeletionHook = {
  id: 'users.application-users',
  async deleteData(appId, transaction) {
    await transaction.delete(applicationUsers).where(eq(applicationUsers.appId, appId));
    await transaction.delete(applicationGroups).where(eq(applicationGroups.appId, appId));
  },
};
