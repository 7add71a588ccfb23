import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PermissionKey, SessionUser } from '@sensorium/core/common';
import { HttpError } from '@sensorium/core/server';
import { endCustomers, userGroups, users } from './schema';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from a path: one that is not a uuid names nothing (404), rather than failing in the database. */
export function uuidOrNotFound(id: string): string {
  if (!UUID_PATTERN.test(id)) throw HttpError.notFound();
  return id;
}

/**
 * Who manages accounts: cloud users and si-customers. An end-customer user manages nothing beyond its own account
 * (My Account, its API keys), whatever its group grants.
 */
export function assertManager(actor: SessionUser): void {
  if (actor.level === 'end-customer') throw HttpError.forbidden('users.errors.endCustomerManagesNothing');
}

/**
 * The users an actor manages (and sees): cloud everyone; an si-customer the non-cloud users of its organisation and
 * of the end customers its organisation owns; an end-customer user nobody.
 */
export function manageableUsers(actor: SessionUser): SQL {
  switch (actor.level) {
    case 'cloud':
      return sql`true`;
    case 'si-customer': {
      const organisation = actor.organisationId;
      if (!organisation) return sql`false`;
      return and(
        ne(users.level, 'cloud'),
        or(
          eq(users.organisationId, organisation),
          sql`${users.endCustomerId} IN (SELECT ${endCustomers.id} FROM ${endCustomers} WHERE ${endCustomers.organisationId} = ${organisation})`,
        ),
      )!;
    }
    default:
      return sql`false`;
  }
}

/** The user groups an actor sees: cloud all; an si-customer its organisation's. */
export function manageableGroups(actor: SessionUser): SQL {
  switch (actor.level) {
    case 'cloud':
      return sql`true`;
    case 'si-customer':
      return actor.organisationId ? eq(userGroups.organisationId, actor.organisationId) : sql`false`;
    default:
      return sql`false`;
  }
}

/** The end customers an actor may give users: cloud all; an si-customer its organisation's. */
export function assignableCustomers(actor: SessionUser): SQL {
  switch (actor.level) {
    case 'cloud':
      return sql`true`;
    case 'si-customer':
      return actor.organisationId ? eq(endCustomers.organisationId, actor.organisationId) : sql`false`;
    default:
      return sql`false`;
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
