import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import type { SessionUser } from '@sensorium/core/common';
import { HttpError, type Database } from '@sensorium/core/server';
import { DEFAULT_END_CUSTOMER_ID, type EndCustomer } from '../common';
import { applications, endCustomers } from './schema';
import { visibleEndCustomers } from './tenancy';

/** End customers, always seen through the caller's tenancy: another tenant's customer is simply not found. */
export class EndCustomerRepository {
  constructor(private readonly db: Database) {}

  list(user: SessionUser): Promise<EndCustomer[]> {
    return this.db
      .select({ id: endCustomers.id, name: endCustomers.name })
      .from(endCustomers)
      .where(visibleEndCustomers(user))
      .orderBy(asc(endCustomers.name));
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

  async rename(user: SessionUser, id: string, name: string): Promise<EndCustomer> {
    const [row] = await this.db
      .update(endCustomers)
      .set({ name: name.trim() })
      .where(and(eq(endCustomers.id, id), visibleEndCustomers(user)))
      .returning({ id: endCustomers.id, name: endCustomers.name });
    if (!row) throw HttpError.notFound();
    return row;
  }

  async remove(user: SessionUser, id: string): Promise<void> {
    if (id === DEFAULT_END_CUSTOMER_ID) throw HttpError.conflict('applications.errors.defaultCustomerKept');
    await this.db.transaction(async (tx) => {
      const [visible] = await tx
        .select({ id: endCustomers.id })
        .from(endCustomers)
        .where(and(eq(endCustomers.id, id), visibleEndCustomers(user)));
      if (!visible) throw HttpError.notFound();
      const [owned] = await tx.select({ total: count() }).from(applications).where(eq(applications.endCustomerId, id));
      if ((owned?.total ?? 0) > 0) throw HttpError.conflict('applications.errors.customerHasApplications');
      await tx.delete(endCustomers).where(eq(endCustomers.id, id));
    });
  }
}
