import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { SessionUser } from '@sensorium/core/common';
import { HttpError, type Database, type KeywordPageQuery, type UserDirectory } from '@sensorium/core/server';
import type { UserGroupInput, UserGroupPage, UserGroupPatchInput, UserGroupRow } from '../common';
import { userGroups, users } from './schema';
import { assertWithin, manageableGroups, uuidOrNotFound } from './tenancy';
import { likePattern } from './user-repository';

const memberCount = sql<number>`(SELECT count(*)::int FROM ${users} WHERE ${users.groupId} = ${userGroups.id})`;

/** User groups and their permission sets, seen through the caller's tenancy. */
export class GroupRepository {
  constructor(
    private readonly db: Database,
    private readonly directory: UserDirectory,
  ) {}

  private select() {
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

  async list(actor: SessionUser, query: KeywordPageQuery): Promise<UserGroupPage> {
    const keyword = query.keyword?.trim();
    const condition = and(manageableGroups(actor), keyword ? ilike(userGroups.name, likePattern(keyword)) : undefined);
    const [total] = await this.db.select({ total: count() }).from(userGroups).where(condition);
    const groups = await this.select().where(condition).orderBy(asc(userGroups.name)).limit(query.limit).offset(query.offset);
    return { total: total?.total ?? 0, groups };
  }

  async get(actor: SessionUser, id: string): Promise<UserGroupRow> {
    const [group] = await this.select().where(and(eq(userGroups.id, uuidOrNotFound(id)), manageableGroups(actor)));
    if (!group) throw HttpError.notFound();
    return group;
  }

  private async assertNameFree(name: string, organisationId: string | null, exceptId?: string): Promise<void> {
    const [clash] = await this.db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(
        and(
          sql`lower(${userGroups.name}) = lower(${name})`,
          organisationId ? eq(userGroups.organisationId, organisationId) : sql`${userGroups.organisationId} IS NULL`,
          exceptId ? sql`${userGroups.id} <> ${exceptId}` : undefined,
        ),
      );
    if (clash) throw HttpError.conflict('users.errors.groupNameTaken', 'name');
  }

  async create(actor: SessionUser, input: UserGroupInput): Promise<UserGroupRow> {
    const permissions = [...new Set(input.permissions)];
    assertWithin(actor, permissions, 'users.errors.groupExceedsYours');
    const organisationId = actor.level === 'cloud' ? input.organisationId?.trim() || null : actor.organisationId;
    const name = input.name.trim();
    await this.assertNameFree(name, organisationId);
    const { id } = await this.directory.createGroup({ name, permissions, organisationId });
    return this.get(actor, id);
  }

  async update(actor: SessionUser, id: string, patch: UserGroupPatchInput): Promise<UserGroupRow> {
    const group = await this.get(actor, id);
    // Nobody changes a group that holds more than they do (it would let them take its members' rights away or hand them on).
    assertWithin(actor, group.permissions, 'users.errors.groupExceedsYours');
    const permissions = patch.permissions ? [...new Set(patch.permissions)] : undefined;
    if (permissions) assertWithin(actor, permissions, 'users.errors.groupExceedsYours');
    const name = patch.name?.trim();
    if (name) await this.assertNameFree(name, group.organisationId, group.id);
    await this.db.update(userGroups).set({ name, permissions }).where(eq(userGroups.id, group.id));
    return this.get(actor, group.id);
  }

  async remove(actor: SessionUser, id: string): Promise<void> {
    const group = await this.get(actor, id);
    assertWithin(actor, group.permissions, 'users.errors.groupExceedsYours');
    // Members keep their accounts without a group (the foreign key sets null).
    await this.db.delete(userGroups).where(eq(userGroups.id, group.id));
  }
}
