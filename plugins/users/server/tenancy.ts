import type { PermissionKey, SessionUser, UserLevel } from '@sensorium/core/common';
import {
  HttpError,
  type Account,
  type AccountFilter,
  type GroupFilter,
  type RouteScopeProvider,
  type UserDirectory,
  type UserGroup,
} from '@sensorium/core/server';
import type { EndCustomerDirectory, EndCustomerRecord } from '@sensorium/applications/common';

/**
 * Who manages accounts: cloud users and si-customers. An end-customer user manages nothing beyond its own account
 * (My Account, its API keys), whatever its group grants: the management routes declare these levels.
 */
export const MANAGER_LEVELS: readonly UserLevel[] = ['cloud', 'si-customer'];
/** The 403 the other levels get from a management route. */
export const NOT_A_MANAGER = 'users.errors.endCustomerManagesNothing';

/** Route scope kinds of this plugin: a route acting on one user (or group) the caller manages. */
export const USER_SCOPE = 'user';
export const USER_GROUP_SCOPE = 'user-group';

/**
 * The tenancy rules of Account Management. A cloud user manages everyone; an si-customer the non-cloud users of its
 * organisation and of the end customers its organisation owns, and its organisation's groups; an end-customer user
 * nobody. Another tenant's user or group is simply not found.
 */
export class Tenancy {
  constructor(
    private readonly directory: UserDirectory,
    private readonly endCustomers: EndCustomerDirectory,
  ) {}

  /** The accounts an actor manages, as a directory filter; null when it manages none. */
  async userFilter(actor: SessionUser): Promise<AccountFilter | null> {
    switch (actor.level) {
      case 'cloud':
        return {};
      case 'si-customer': {
        const organisationId = actor.organisationId;
        if (!organisationId) return null;
        const customers = await this.endCustomers.find({ organisationId });
        return {
          levels: ['si-customer', 'end-customer'],
          tenant: { organisationId, endCustomerIds: customers.map((customer) => customer.id) },
        };
      }
      default:
        return null;
    }
  }

  /** The groups an actor sees, as a directory filter; null when it sees none. */
  groupFilter(actor: SessionUser): GroupFilter | null {
    switch (actor.level) {
      case 'cloud':
        return {};
      case 'si-customer':
        return actor.organisationId ? { organisationId: actor.organisationId } : null;
      default:
        return null;
    }
  }

  /** A user the actor manages; null when it does not exist or belongs to another tenant. */
  async manageableUser(actor: SessionUser, id: string): Promise<Account | null> {
    const filter = await this.userFilter(actor);
    if (!filter) return null;
    const { accounts } = await this.directory.listAccounts({ ...filter, ids: [id] });
    return accounts[0] ?? null;
  }

  /** A group the actor sees; null when it does not exist or belongs to another tenant. */
  async manageableGroup(actor: SessionUser, id: string): Promise<UserGroup | null> {
    const filter = this.groupFilter(actor);
    if (!filter) return null;
    const { groups } = await this.directory.listGroups({ ...filter, ids: [id] });
    return groups[0] ?? null;
  }

  /** An end customer the actor may give users: cloud any; an si-customer its organisation's. */
  async assignableCustomer(actor: SessionUser, id: string): Promise<EndCustomerRecord | null> {
    if (actor.level !== 'cloud' && (actor.level !== 'si-customer' || !actor.organisationId)) return null;
    const [customer] = await this.endCustomers.find({
      ids: [id],
      ...(actor.level === 'si-customer' ? { organisationId: actor.organisationId! } : {}),
    });
    return customer ?? null;
  }

  /** End customers' names by id, for the rows that show them. */
  async customerNames(ids: readonly (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    if (wanted.length === 0) return new Map();
    const customers = await this.endCustomers.find({ ids: wanted });
    return new Map(customers.map((customer) => [customer.id, customer.name]));
  }

  /** The `user` and `user-group` route scopes: the pipeline answers 404 for another tenant's user or group. */
  scopes(): RouteScopeProvider[] {
    return [
      { kind: USER_SCOPE, load: (actor, id) => this.manageableUser(actor, id) },
      { kind: USER_GROUP_SCOPE, load: (actor, id) => this.manageableGroup(actor, id) },
    ];
  }
}

/** A group (or a user's group) may not hold a permission the actor lacks: nobody grants more than they hold. */
export function assertWithin(actor: SessionUser, permissions: readonly PermissionKey[], code: string): void {
  if (actor.level === 'cloud') {
    const unknown = permissions.find((key) => !actor.permissions.includes(key));
    if (unknown) throw HttpError.badRequest('users.errors.unknownPermission', 'permissions', { permission: unknown });
    return;
  }
  if (permissions.some((key) => !actor.permissions.includes(key))) throw HttpError.forbidden(code);
}
