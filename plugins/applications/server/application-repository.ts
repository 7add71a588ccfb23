import { asc, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '../../../core/common';
import type { Database } from '../../../core/server';
import type { ApplicationListResponse, EndCustomer } from '../common';
import { applications, endCustomers } from './schema';
import { visibleEndCustomers } from './tenancy';

export class ApplicationRepository {
  constructor(private readonly db: Database) {}

  async visibleEndCustomers(user: SessionUser): Promise<EndCustomer[]> {
    return this.db
      .select({ id: endCustomers.id, name: endCustomers.name })
      .from(endCustomers)
      .where(visibleEndCustomers(user))
      .orderBy(asc(endCustomers.name));
  }

  /** The application list and the end customers that have none (shell spec §2.5, §7). */
  async list(user: SessionUser): Promise<ApplicationListResponse> {
    const customers = await this.visibleEndCustomers(user);
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
      appList: rows.map(({ updatedAt, ...row }) => ({ ...row, updateDate: updatedAt.toISOString(), event: null })),
      endCustomerWithoutApps: customers.filter((customer) => !withApps.has(customer.id)),
    };
  }
}
