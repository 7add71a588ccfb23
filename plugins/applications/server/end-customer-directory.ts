import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import type { EndCustomerDirectory } from '../common';
import type { EndCustomerRepository } from './end-customer-repository';
import { endCustomers } from './schema';

/** The EndCustomerDirectory other plugins receive. */
export function endCustomerDirectory(db: Database, customers: EndCustomerRepository): EndCustomerDirectory {
  return {
    create: (name, organisationId) => customers.createFor(name, organisationId),
    find: ({ ids, organisationId }) =>
      db
        .select({ id: endCustomers.id, name: endCustomers.name, organisationId: endCustomers.organisationId })
        .from(endCustomers)
        .where(
          and(
            ids ? (ids.length > 0 ? inArray(endCustomers.id, [...ids]) : sql`false`) : undefined,
            organisationId === undefined ? undefined : eq(endCustomers.organisationId, organisationId),
          ),
        ),
  };
}
