import { eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@sensorium/core/common';
import { HttpError } from '@sensorium/core/server';
import { themeProfiles } from './schema';

/**
 * Which themes a user may see: cloud sees all; an si-customer its organisation's (none without one);
 * an end-customer user its organisation's, where no organisation means the operator's.
 */
export function visibleThemes(user: SessionUser): SQL {
  switch (user.level) {
    case 'cloud':
      return sql`true`;
    case 'si-customer':
      return user.organisationId ? eq(themeProfiles.organisationId, user.organisationId) : sql`false`;
    case 'end-customer':
      return user.organisationId ? eq(themeProfiles.organisationId, user.organisationId) : isNull(themeProfiles.organisationId);
  }
}

/**
 * The organisation a new theme of this user belongs to. End-customer users only read themes: the changing routes admit
 * cloud and si-customer users only (`levels`), and this refuses them too for any other caller.
 */
export function owningOrganisation(user: SessionUser): string | null {
  if (user.level === 'cloud') return null;
  if (user.level === 'end-customer') throw HttpError.forbidden();
  if (!user.organisationId) throw HttpError.forbidden('themes.errors.noOrganisation');
  return user.organisationId;
}
