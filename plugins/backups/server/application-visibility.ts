import { eq } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import type { Database } from '@sensorium/core/server';
import type { ApplicationOwner } from '@sensorium/applications/common';

// Read-only views of the applications plugin's tables, to find an application's owner: this plugin never writes them.
// Whether a caller may see it is the applications plugin's rule (canSeeApplication).
const applications = pgTable('applications', { id: text('id').primaryKey(), endCustomerId: text('end_customer_id').notNull() });
const endCustomers = pgTable('end_customers', { id: text('id').primaryKey(), organisationId: text('organisation_id') });

/** Null when there is no such application. */
export async function findApplicationOwner(db: Database, appId: string): Promise<ApplicationOwner | null> {
  const [owner] = await db
    .select({ endCustomerId: applications.endCustomerId, organisationId: endCustomers.organisationId })
    .from(applications)
    .innerJoin(endCustomers, eq(endCustomers.id, applications.endCustomerId))
    .where(eq(applications.id, appId));
  return owner ?? null;
}

/** Whether an application id is in use by anyone (ids are unique across the installation). */
export async function applicationExists(db: Database, appId: string): Promise<boolean> {
  const [row] = await db.select({ id: applications.id }).from(applications).where(eq(applications.id, appId));
  return row !== undefined;
}
