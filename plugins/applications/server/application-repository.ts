import { asc, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '../../../core/common';
import type { Database } from '../../../core/server';
import type { ApplicationListResponse } from '../common';
import type { EndCustomerRepository } from './end-customer-repository';
import { applications, endCustomers } from './schema';

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
      appList: rows.map(({ updatedAt, ...row }) => ({ ...row, updateDate: updatedAt.toISOString(), event: null })),
      endCustomerWithoutApps: customers.filter((customer) => !withApps.has(customer.id)),
    };
  }
}
