import { eq, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@sensorium/core/common';
import { endCustomers } from './schema';

/**
 * Which end customers a user may see: cloud sees all; an si-customer its organisation's;
 * an end-customer user only its own. Every query of this plugin filters through it.
 */
export function visibleEndCustomers(user: SessionUser): SQL {
  switch (user.level) {
    case 'cloud':
      return sql`true`;
    case 'si-customer':
      return user.organisationId ? eq(endCustomers.organisationId, user.organisationId) : sql`false`;
    case 'end-customer':
      return user.endCustomerId ? eq(endCustomers.id, user.endCustomerId) : sql`false`;
  }
}
