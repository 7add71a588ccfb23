import { createToken } from '@sensorium/core/common';
import type { EndCustomer } from './types';

/** An end customer with the si-customer organisation owning it (null: the operator's own). */
export interface EndCustomerRecord extends EndCustomer {
  organisationId: string | null;
}

/**
 * End customers for other plugins (the account plugin's sign-up makes one for each end_user company; the users plugin
 * places users with them): provided by the applications server plugin to plugins that depend on it.
 */
export interface EndCustomerDirectory {
  /** A new end customer; `organisationId` is the si-customer organisation owning it, null for the operator's own. */
  create(name: string, organisationId: string | null): Promise<EndCustomer>;
  /** End customers by id and/or owning organisation (every condition given must hold); unknown ids are left out. */
  find(filter: { ids?: readonly string[]; organisationId?: string }): Promise<EndCustomerRecord[]>;
}
export const EndCustomerDirectoryToken = createToken<EndCustomerDirectory>('applications.end-customer-directory');
