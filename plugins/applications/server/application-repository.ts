import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@sensorium/core/common';
import { HttpError, textArrayParam, type AfterCommit, type ApplicationDataOwners, type Database } from '@sensorium/core/server';
import type {
  ApplicationDetail,
  ApplicationListResponse,
  ApplicationPatchInput,
  ApplicationSetting,
  NewApplicationInput,
} from '../common';
import type { EndCustomerRepository } from './end-customer-repository';
import { applications, endCustomers } from './schema';
import { visibleEndCustomers } from './tenancy';

/** The columns of an application as the list and the setting page show it. */
const SUMMARY_COLUMNS = {
  id: applications.id,
  name: applications.name,
  description: applications.description,
  logo: applications.logo,
  endCustomerId: applications.endCustomerId,
  endCustomerName: endCustomers.name,
  updatedAt: applications.updatedAt,
  setting: applications.setting,
};

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
          .select(SUMMARY_COLUMNS)
          .from(applications)
          .innerJoin(endCustomers, eq(endCustomers.id, applications.endCustomerId))
          // One array parameter: Drizzle builds a list of a hundred end customers as slowly as PostgreSQL runs the query.
          .where(sql`${applications.endCustomerId} = ANY(${textArrayParam(customerIds)})`)
          .orderBy(asc(applications.name))
      : [];
    const withApps = new Set(rows.map((row) => row.endCustomerId));
    return {
      // No alert until an event source (the events feature) reports one for the application.
      appList: rows.map(({ updatedAt, setting, ...row }) => ({
        ...row,
        updateDate: updatedAt.toISOString(),
        setting: setting as ApplicationSetting,
        event: { eventList: [] },
      })),
      endCustomerWithoutApps: customers.filter((customer) => !withApps.has(customer.id)),
    };
  }

  /** Whether an application id is in use, by anyone: ids are unique across the installation. */
  async exists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: applications.id }).from(applications).where(eq(applications.id, id));
    return row !== undefined;
  }

  /**
   * Creates an application for one of the caller's end customers (the API's and the demo seeder's one path); the route
   * admits operators and system integrators only.
   */
  async create(user: SessionUser, input: NewApplicationInput): Promise<{ id: string }> {
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

  /** One application; its routes declare it, so the pipeline has already answered 404 to callers who may not see it. */
  async get(id: string): Promise<ApplicationDetail> {
    const [row] = await this.db
      .select(SUMMARY_COLUMNS)
      .from(applications)
      .innerJoin(endCustomers, eq(endCustomers.id, applications.endCustomerId))
      .where(eq(applications.id, id));
    if (!row) throw HttpError.notFound();
    const { updatedAt, setting, ...rest } = row;
    return { ...rest, updateDate: updatedAt.toISOString(), setting: setting as ApplicationSetting };
  }

  /** Applies a partial change (name, description, setting, logo id); every change moves updateDate. */
  async update(id: string, patch: Omit<ApplicationPatchInput, 'logo'> & { logo?: string | null }): Promise<void> {
    const updated = await this.db
      .update(applications)
      .set({
        ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
        ...(patch.description !== undefined ? { description: patch.description.trim() } : {}),
        // Stored as plain JSON: the validated input is a class instance.
        ...(patch.setting !== undefined ? { setting: JSON.parse(JSON.stringify(patch.setting)) as Record<string, unknown> } : {}),
        ...(patch.logo !== undefined ? { logo: patch.logo } : {}),
        updatedAt: new Date(),
      })
      .where(eq(applications.id, id))
      .returning({ id: applications.id });
    if (updated.length === 0) throw HttpError.notFound();
  }

  /**
   * Deletes an application with everything every plugin keeps for it: the deletion hooks' rows and the participants'
   * data (highest order first), then the row, all in one transaction; the hooks' files and the participants' after-commit
   * work (pushes) once it has committed.
   */
  async remove(id: string, owners: ApplicationDataOwners): Promise<void> {
    const ordered = [...owners.participants].sort((a, b) => b.order - a.order);
    const afterCommit: AfterCommit[] = [];
    await this.db.transaction(async (tx) => {
      for (const hook of owners.deletionHooks) await hook.deleteData(id, tx);
      for (const participant of ordered) {
        const work = await participant.deleteData(id, tx);
        if (work) afterCommit.push(work);
      }
      const deleted = await tx.delete(applications).where(eq(applications.id, id)).returning({ id: applications.id });
      // Deleted meanwhile by another call: nothing of it may stay half-removed.
      if (deleted.length === 0) throw HttpError.notFound();
    });
    for (const hook of owners.deletionHooks) await hook.afterDelete?.(id);
    for (const work of afterCommit) await work();
  }
}
