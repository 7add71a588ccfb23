import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@sensorium/core/common';
import { HttpError, type ApplicationDeletionHook, type Database } from '@sensorium/core/server';
import { canSeeApplication, type ApplicationAccess } from '@sensorium/applications/common';
import type { ApplicationGroupRow, ApplicationUserRow, ApplicationUsers } from '../common';
import { applicationGroups, applicationUsers, userGroups, users } from './schema';
import { assertManager, manageableGroups, manageableUsers, uuidOrNotFound } from './tenancy';

const uniqueTags = (tags: readonly string[] = []) => [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))];

/**
 * User Setup: which users and groups may use an application, and per user an optional list of device tags that limits
 * them to those devices (stored now; the device features enforce it). Only users and groups the caller manages appear.
 */
export class ApplicationUserRepository {
  constructor(
    private readonly db: Database,
    private readonly access: ApplicationAccess,
  ) {}

  private async visible(actor: SessionUser, appId: string) {
    assertManager(actor);
    return this.access.assertVisible(actor, appId);
  }

  /** The application's association with one user the actor manages (404 for an id that is not a uuid). */
  private userLink(actor: SessionUser, appId: string, userId: string) {
    return and(
      eq(applicationUsers.appId, appId),
      eq(applicationUsers.userId, uuidOrNotFound(userId)),
      sql`${applicationUsers.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${manageableUsers(actor)})`,
    );
  }

  /** The application's association with one group the actor manages. */
  private groupLink(actor: SessionUser, appId: string, groupId: string) {
    return and(
      eq(applicationGroups.appId, appId),
      eq(applicationGroups.groupId, uuidOrNotFound(groupId)),
      sql`${applicationGroups.groupId} IN (SELECT ${userGroups.id} FROM ${userGroups} WHERE ${manageableGroups(actor)})`,
    );
  }

  async list(actor: SessionUser, appId: string): Promise<ApplicationUsers> {
    await this.visible(actor, appId);
    const userRows: ApplicationUserRow[] = await this.db
      .select({
        userId: users.id,
        username: users.username,
        name: users.name,
        level: users.level,
        groupName: userGroups.name,
        deviceTags: applicationUsers.deviceTags,
      })
      .from(applicationUsers)
      .innerJoin(users, eq(users.id, applicationUsers.userId))
      .leftJoin(userGroups, eq(userGroups.id, users.groupId))
      .where(and(eq(applicationUsers.appId, appId), manageableUsers(actor)))
      .orderBy(asc(users.username));
    const groups: ApplicationGroupRow[] = await this.db
      .select({
        groupId: userGroups.id,
        name: userGroups.name,
        memberCount: sql<number>`(SELECT count(*)::int FROM ${users} WHERE ${users.groupId} = ${userGroups.id})`,
      })
      .from(applicationGroups)
      .innerJoin(userGroups, eq(userGroups.id, applicationGroups.groupId))
      .where(and(eq(applicationGroups.appId, appId), manageableGroups(actor)))
      .orderBy(asc(userGroups.name));
    return { users: userRows, groups };
  }

  async addUser(actor: SessionUser, appId: string, userId: string, deviceTags?: string[]): Promise<ApplicationUsers> {
    const owner = await this.visible(actor, appId);
    const [user] = await this.db
      .select({ id: users.id, level: users.level, organisationId: users.organisationId, endCustomerId: users.endCustomerId })
      .from(users)
      .where(and(eq(users.id, uuidOrNotFound(userId)), manageableUsers(actor)));
    if (!user) throw HttpError.badRequest('users.errors.unknownUser', 'userId');
    if (!canSeeApplication(user, owner)) throw HttpError.badRequest('users.errors.userCannotSeeApplication', 'userId');
    const inserted = await this.db
      .insert(applicationUsers)
      .values({ appId, userId: user.id, deviceTags: uniqueTags(deviceTags) })
      .onConflictDoNothing()
      .returning({ userId: applicationUsers.userId });
    if (inserted.length === 0) throw HttpError.conflict('users.errors.alreadyInApplication', 'userId');
    return this.list(actor, appId);
  }

  async setDeviceTags(actor: SessionUser, appId: string, userId: string, deviceTags: string[]): Promise<ApplicationUsers> {
    await this.visible(actor, appId);
    const updated = await this.db
      .update(applicationUsers)
      .set({ deviceTags: uniqueTags(deviceTags) })
      .where(this.userLink(actor, appId, userId))
      .returning({ userId: applicationUsers.userId });
    if (updated.length === 0) throw HttpError.notFound();
    return this.list(actor, appId);
  }

  async removeUser(actor: SessionUser, appId: string, userId: string): Promise<void> {
    await this.visible(actor, appId);
    const deleted = await this.db
      .delete(applicationUsers)
      .where(this.userLink(actor, appId, userId))
      .returning({ userId: applicationUsers.userId });
    if (deleted.length === 0) throw HttpError.notFound();
  }

  async addGroup(actor: SessionUser, appId: string, groupId: string): Promise<ApplicationUsers> {
    await this.visible(actor, appId);
    const [group] = await this.db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(and(eq(userGroups.id, uuidOrNotFound(groupId)), manageableGroups(actor)));
    if (!group) throw HttpError.badRequest('users.errors.unknownGroup', 'groupId');
    const inserted = await this.db
      .insert(applicationGroups)
      .values({ appId, groupId: group.id })
      .onConflictDoNothing()
      .returning({ groupId: applicationGroups.groupId });
    if (inserted.length === 0) throw HttpError.conflict('users.errors.groupAlreadyInApplication', 'groupId');
    return this.list(actor, appId);
  }

  async removeGroup(actor: SessionUser, appId: string, groupId: string): Promise<void> {
    await this.visible(actor, appId);
    const deleted = await this.db
      .delete(applicationGroups)
      .where(this.groupLink(actor, appId, groupId))
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
