import { eq } from 'drizzle-orm';
import type { SessionUser } from '@sensorium/core/common';
import { HttpError, type Database } from '@sensorium/core/server';
import { canSeeApplication, type ApplicationAccess, type ApplicationOwner } from '../common';
import { applications, endCustomers } from './schema';

/** ApplicationAccess over the applications and end customers tables. */
export function applicationAccess(db: Database): ApplicationAccess {
  const ownerOf = async (appId: string, transaction?: unknown): Promise<ApplicationOwner | null> => {
    const [owner] = await ((transaction as Database | undefined) ?? db)
      .select({ endCustomerId: applications.endCustomerId, organisationId: endCustomers.organisationId })
      .from(applications)
      .innerJoin(endCustomers, eq(endCustomers.id, applications.endCustomerId))
      .where(eq(applications.id, appId));
    return owner ?? null;
  };
  return {
    ownerOf,
    async assertVisible(user: SessionUser, appId: string) {
      const owner = await ownerOf(appId);
      if (!owner || !canSeeApplication(user, owner)) throw HttpError.notFound();
      return owner;
    },
  };
}
