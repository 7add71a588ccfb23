import { IsOptional, IsString, MaxLength } from 'class-validator';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '@sensorium/core/common';
import type { Database } from './database';
import { HttpError } from './http-error';
import { queryRows } from './sql-rows';

/** `?organisationId=` of an organisation's settings routes. */
export class ManagedOrganisationQuery {
  /** The organisation to manage: a cloud user names it; an si-customer's is always its own. */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  organisationId?: string;
}

/**
 * The organisation whose settings a caller manages: an si-customer's own (naming another answers 404); the existing one
 * a cloud user names (404 when there is none), or null when it names none, which means the operator's defaults.
 */
export async function managedOrganisation(
  db: Database,
  user: SessionUser,
  query: ManagedOrganisationQuery,
): Promise<string | null> {
  const asked = query.organisationId?.trim() || null;
  if (user.level !== 'cloud') {
    if (!user.organisationId || (asked && asked !== user.organisationId)) throw HttpError.notFound();
    return user.organisationId;
  }
  if (!asked) return null;
  const [found] = await queryRows<{ id: string }>(db, sql`SELECT id FROM organisations WHERE id = ${asked}`);
  if (!found) throw HttpError.notFound();
  return asked;
}

/** The organisation a change applies to: as managedOrganisation, but a cloud user must name one (400). */
export async function organisationToChange(db: Database, user: SessionUser, query: ManagedOrganisationQuery): Promise<string> {
  const organisationId = await managedOrganisation(db, user, query);
  if (organisationId === null) throw HttpError.badRequest('validation.isNotEmpty', 'organisationId');
  return organisationId;
}
