import type { SessionUser } from '@sensorium/core/common';
import { HttpError, type KeywordPageQuery, type UserDirectory } from '@sensorium/core/server';
import type { UserGroupInput, UserGroupPage, UserGroupPatchInput, UserGroupRow } from '../common';
import { assertWithin, type Tenancy } from './tenancy';

/**
 * User groups and their permission sets, kept in core's UserDirectory. Routes on one group declare the `user-group`
 * scope, so the pipeline has answered 404 for another tenant's group before these run.
 */
export class GroupRepository {
  constructor(
    private readonly directory: UserDirectory,
    private readonly tenancy: Tenancy,
  ) {}

  async list(actor: SessionUser, query: KeywordPageQuery): Promise<UserGroupPage> {
    const filter = this.tenancy.groupFilter(actor);
    if (!filter) return { total: 0, groups: [] };
    return this.directory.listGroups({ ...filter, keyword: query.keyword }, { offset: query.offset, limit: query.limit });
  }

  /** A group the route scope has let through (404 should it have gone meanwhile). */
  async get(id: string): Promise<UserGroupRow> {
    const group = await this.directory.findGroup(id);
    if (!group) throw HttpError.notFound();
    return group;
  }

  private async assertNameFree(name: string, organisationId: string | null, exceptId?: string): Promise<void> {
    const { total } = await this.directory.listGroups({ name, organisationId, exceptId }, { offset: 0, limit: 1 });
    if (total > 0) throw HttpError.conflict('users.errors.groupNameTaken', 'name');
  }

  async create(actor: SessionUser, input: UserGroupInput): Promise<UserGroupRow> {
    const permissions = [...new Set(input.permissions)];
    assertWithin(actor, permissions, 'users.errors.groupExceedsYours');
    const organisationId = actor.level === 'cloud' ? input.organisationId?.trim() || null : actor.organisationId;
    const name = input.name.trim();
    await this.assertNameFree(name, organisationId);
    const { id } = await this.directory.createGroup({ name, permissions, organisationId });
    return this.get(id);
  }

  async update(actor: SessionUser, id: string, patch: UserGroupPatchInput): Promise<UserGroupRow> {
    const group = await this.get(id);
    // Nobody changes a group that holds more than they do (it would let them take its members' rights away or hand them on).
    assertWithin(actor, group.permissions, 'users.errors.groupExceedsYours');
    const permissions = patch.permissions ? [...new Set(patch.permissions)] : undefined;
    if (permissions) assertWithin(actor, permissions, 'users.errors.groupExceedsYours');
    const name = patch.name?.trim();
    if (name) await this.assertNameFree(name, group.organisationId, group.id);
    await this.directory.updateGroup(group.id, { name, permissions });
    return this.get(group.id);
  }

  async remove(actor: SessionUser, id: string): Promise<void> {
    const group = await this.get(id);
    assertWithin(actor, group.permissions, 'users.errors.groupExceedsYours');
    // Members keep their accounts without a group.
    await this.directory.deleteGroup(group.id);
  }
}
