import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import type { SessionUser } from '@sensorium/core/common';
import { HttpError, type Database } from '@sensorium/core/server';
import { DEFAULT_END_CUSTOMER_ID, type EndCustomer } from '../common';
import { applications, endCustomers } from './schema';
import { visibleEndCustomers } from './tenancy';

/**
 * End customers. Lists are seen through the caller's tenancy; a route acting on one end customer declares the
 * `end-customer` scope, so the pipeline has checked that the caller may see it before rename or remove run.
 */
export class EndCustomerRepository {
  constructor(private readonly db: Database) {}

  list(user: SessionUser): Promise<EndCustomer[]> {
    return this.db
      .select({ id: endCustomers.id, name: endCustomers.name })
      .from(endCustomers)
      .where(visibleEndCustomers(user))
      .orderBy(asc(endCustomers.name));
  }

  /** The end customer when the user may see it, else null (the route scope's loader). */
  async findVisible(user: SessionUser, id: string): Promise<EndCustomer | null> {
    const [row] = await this.db
      .select({ id: endCustomers.id, name: endCustomers.name })
      .from(endCustomers)
      .where(and(eq(endCustomers.id, id), visibleEndCustomers(user)));
    return row ?? null;
  }

  create(user: SessionUser, name: string): Promise<EndCustomer> {
    return this.createFor(name, user.level === 'si-customer' ? user.organisationId : null);
  }

  /** An end customer of the given si-customer organisation (null: the operator's own), e.g. for a signed-up company. */
  async createFor(name: string, organisationId: string | null): Promise<EndCustomer> {
    const customer = { id: `ec_${randomUUID().replaceAll('-', '').slice(0, 12)}`, name: name.trim() };
    await this.db.insert(endCustomers).values({ ...customer, organisationId });
    return customer;
  }

  async rename(id: string, name: string): Promise<EndCustomer> {
    const [row] = await this.db
      .update(endCustomers)
      .set({ name: name.trim() })
      .where(eq(endCustomers.id, id))
      .returning({ id: endCustomers.id, name: endCustomers.name });
    if (!row) throw HttpError.notFound();
    return row;
  }

  async remove(id: string): Promise<void> {
    if (id === DEFAULT_END_CUSTOMER_ID) throw HttpError.conflict('applications.errors.defaultCustomerKept');
    await this.db.transaction(async (tx) => {
      const [owned] = await tx.select({ total: count() }).from(applications).where(eq(applications.endCustomerId, id));
      if ((owned?.total ?? 0) > 0) throw HttpError.conflict('applications.errors.customerHasApplications');
      const deleted = await tx.delete(endCustomers).where(eq(endCustomers.id, id)).returning({ id: endCustomers.id });
      if (deleted.length === 0) throw HttpError.notFound();
    });
  }
}
