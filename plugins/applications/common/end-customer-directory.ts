import { createToken } from '@sensorium/core/common';
import type { EndCustomer } from './types';

/**
 * End customers for other plugins (the account plugin's sign-up makes one for each end_user company): provided by the
 * applications server plugin, resolved with `context.resolve(EndCustomerDirectoryToken)` by plugins that depend on it.
 */
export interface EndCustomerDirectory {
  /** A new end customer; `organisationId` is the si-customer organisation owning it, null for the operator's own. */
  create(name: string, organisationId: string | null): Promise<EndCustomer>;
}
export const EndCustomerDirectoryToken = createToken<EndCustomerDirectory>('applications.end-customer-directory');
