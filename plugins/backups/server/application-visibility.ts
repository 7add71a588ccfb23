import { eq } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import type { Database } from '../../../core/server';

// Read-only views of the applications plugin's tables, for the tenancy check only: this plugin never writes them.
// The rule mirrors plugins/applications/server/tenancy.ts; it moves to a shared service once the applications plugin exposes one.
const applications = pgTable('applications', { id: text('id').primaryKey(), endCustomerId: text('end_customer_id').notNull() });
const endCustomers = pgTable('end_customers', { id: text('id').primaryKey(), organisationId: text('organisation_id') });

/** Who owns an application: its end customer and that customer's si-customer organisation. */
export interface ApplicationOwner {
  endCustomerId: string;
  organisationId: string | null;
}

/** A session user, or a push recipient (whose level arrives as plain text). */
export interface Viewer {
  level: string;
  organisationId: string | null;
  endCustomerId: string | null;
}

/** Null when there is no such application. */
export async function findApplicationOwner(db: Database, appId: string): Promise<ApplicationOwner | null> {
  const [owner] = await db
    .select({ endCustomerId: applications.endCustomerId, organisationId: endCustomers.organisationId })
    .from(applications)
    .innerJoin(endCustomers, eq(endCustomers.id, applications.endCustomerId))
    .where(eq(applications.id, appId));
  return owner ?? null;
}

/** Cloud sees everything; an si-customer its organisation's end customers' applications; an end-customer user its own. */
export function canSee(viewer: Viewer, owner: ApplicationOwner): boolean {
  switch (viewer.level) {
    case 'cloud':
      return true;
    case 'si-customer':
      return viewer.organisationId !== null && viewer.organisationId === owner.organisationId;
    case 'end-customer':
      return viewer.endCustomerId !== null && viewer.endCustomerId === owner.endCustomerId;
    default:
      return false;
  }
}

/** Whether an application id is in use by anyone (ids are unique across the installation). */
export async function applicationExists(db: Database, appId: string): Promise<boolean> {
  const [row] = await db.select({ id: applications.id }).from(applications).where(eq(applications.id, appId));
  return row !== undefined;
}
