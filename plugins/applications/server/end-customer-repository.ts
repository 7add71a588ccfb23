import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
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
    await this.db.transaction(async (tx) => {
      await refuseTakenName(tx, customer.name, organisationId);
      await tx.insert(endCustomers).values({ ...customer, organisationId });
    });
    return customer;
  }

  rename(id: string, name: string): Promise<EndCustomer> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ organisationId: endCustomers.organisationId })
        .from(endCustomers)
        .where(eq(endCustomers.id, id));
      if (!current) throw HttpError.notFound();
      await refuseTakenName(tx, name.trim(), current.organisationId, id);
      const [row] = await tx
        .update(endCustomers)
        .set({ name: name.trim() })
        .where(eq(endCustomers.id, id))
        .returning({ id: endCustomers.id, name: endCustomers.name });
      return row!;
    });
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

/**
 * End customer names are unique per owner (the operator, or one si-customer organisation), compared without case, so
 * the application list never shows two groups that read the same.
 */
async function refuseTakenName(
  tx: Pick<Database, 'select'>,
  name: string,
  organisationId: string | null,
  renamingId?: string,
): Promise<void> {
  const [taken] = await tx
    .select({ id: endCustomers.id })
    .from(endCustomers)
    .where(
      and(
        organisationId === null ? isNull(endCustomers.organisationId) : eq(endCustomers.organisationId, organisationId),
        sql`lower(${endCustomers.name}) = lower(${name})`,
        renamingId === undefined ? undefined : ne(endCustomers.id, renamingId),
      ),
    )
    .limit(1);
  if (taken) throw HttpError.conflict('applications.errors.customerNameTaken');
}
