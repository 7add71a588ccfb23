import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '../../../core/common';
import { HttpError, type Database } from '../../../core/server';
import type { ApplicationListResponse, NewApplicationInput } from '../common';
import type { EndCustomerRepository } from './end-customer-repository';
import { applications, endCustomers } from './schema';
import { visibleEndCustomers } from './tenancy';

export class ApplicationRepository {
  constructor(
    private readonly db: Database,
    private readonly customers: EndCustomerRepository,
  ) {}

  /** The application list and the end customers that have none (shell spec §2.5, §7). */
  async list(user: SessionUser): Promise<ApplicationListResponse> {
    const customers = await this.customers.list(user);
    const customerIds = customers.map((customer) => customer.id);
    const rows = customerIds.length
      ? await this.db
          .select({
            id: applications.id,
            name: applications.name,
            description: applications.description,
            logo: applications.logo,
            endCustomerId: applications.endCustomerId,
            endCustomerName: endCustomers.name,
            updatedAt: applications.updatedAt,
          })
          .from(applications)
          .innerJoin(endCustomers, eq(endCustomers.id, applications.endCustomerId))
          .where(inArray(applications.endCustomerId, customerIds))
          .orderBy(asc(applications.name))
      : [];
    const withApps = new Set(rows.map((row) => row.endCustomerId));
    return {
      // No alert until an event source (the events feature) reports one for the application.
      appList: rows.map(({ updatedAt, ...row }) => ({ ...row, updateDate: updatedAt.toISOString(), event: { eventList: [] } })),
      endCustomerWithoutApps: customers.filter((customer) => !withApps.has(customer.id)),
    };
  }

  /** Whether an application id is in use, by anyone: ids are unique across the installation. */
  async exists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: applications.id }).from(applications).where(eq(applications.id, id));
    return row !== undefined;
  }

  /** Creates an application for one of the caller's end customers (the API's and the demo seeder's one path). */
  async create(user: SessionUser, input: NewApplicationInput): Promise<{ id: string }> {
    if (user.level === 'end-customer') throw HttpError.forbidden('applications.errors.adminOnly');
    const [customer] = await this.db
      .select({ id: endCustomers.id })
      .from(endCustomers)
      .where(and(eq(endCustomers.id, input.endCustomerId), visibleEndCustomers(user)));
    if (!customer) throw HttpError.badRequest('applications.validation.unknownCustomer', 'endCustomerId');
    const inserted = await this.db
      .insert(applications)
      .values({ id: input.id, name: input.name.trim(), description: input.description?.trim() ?? '', endCustomerId: customer.id })
      .onConflictDoNothing()
      .returning({ id: applications.id });
    if (inserted.length === 0) throw HttpError.conflict('applications.validation.idTaken', 'id');
    return { id: input.id };
  }
}
