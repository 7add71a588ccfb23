import { asc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { SessionUser } from '@sensorium/core/common';
import { HttpError, type Database } from '@sensorium/core/server';
import { canSeeApplication, type ApplicationAccess, type ApplicationOwner } from '../common';
import { applications, endCustomers } from './schema';
import { visibleEndCustomers } from './tenancy';

/** ApplicationAccess over the applications and end customers tables. */
export function applicationAccess(db: Database): ApplicationAccess {
  const ownerQuery = (executor: Database, appId: string | Placeholder) =>
    executor
      .select({ endCustomerId: applications.endCustomerId, organisationId: endCustomers.organisationId })
      .from(applications)
      .innerJoin(endCustomers, eq(endCustomers.id, applications.endCustomerId))
      .where(eq(applications.id, appId));
  // Every application-scoped request asks it: prepared once (Drizzle builds it, PostgreSQL parses and plans it, once).
  const preparedOwner = ownerQuery(db, sql.placeholder('appId')).prepare('applications_owner');
  const ownerOf = async (appId: string, transaction?: unknown): Promise<ApplicationOwner | null> => {
    const [owner] = transaction ? await ownerQuery(transaction as Database, appId) : await preparedOwner.execute({ appId });
    return owner ?? null;
  };
  return {
    ownerOf,
    async assertVisible(user: SessionUser, appId: string) {
      const owner = await ownerOf(appId);
      if (!owner || !canSeeApplication(user, owner)) throw HttpError.notFound();
      return owner;
    },
    visible: (user: SessionUser) =>
      db
        .select({ id: applications.id, name: applications.name, endCustomerName: endCustomers.name })
        .from(applications)
        .innerJoin(endCustomers, eq(endCustomers.id, applications.endCustomerId))
        .where(visibleEndCustomers(user))
        .orderBy(asc(applications.name), asc(applications.id)),
  };
}
