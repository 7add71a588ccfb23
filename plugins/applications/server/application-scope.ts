import type { SessionUser } from '@sensorium/core/common';
import { APPLICATION_SCOPE, type LoadedApplication, type RouteScopeProvider } from '@sensorium/core/server';
import { canSeeApplication, END_CUSTOMER_SCOPE, type ApplicationAccess, type EndCustomer } from '../common';
import type { EndCustomerRepository } from './end-customer-repository';

/**
 * The `application` route scope: the route pipeline loads a route's application through it and answers 404 unless the
 * caller may see it (the tenancy rule of canSeeApplication), so no handler checks visibility itself.
 */
export function applicationScope(access: Pick<ApplicationAccess, 'ownerOf'>): RouteScopeProvider<LoadedApplication> {
  return {
    kind: APPLICATION_SCOPE,
    async load(user: SessionUser, appId: string) {
      const owner = await access.ownerOf(appId);
      if (!owner || !canSeeApplication(user, owner)) return null;
      return { id: appId, ...owner, rights: { level: user.level, permissions: user.permissions } };
    },
  };
}

/** The `end-customer` route scope: 404 unless the caller may see the end customer (visibleEndCustomers). */
export function endCustomerScope(customers: Pick<EndCustomerRepository, 'findVisible'>): RouteScopeProvider<EndCustomer> {
  return { kind: END_CUSTOMER_SCOPE, load: (user, id) => customers.findVisible(user, id) };
}
