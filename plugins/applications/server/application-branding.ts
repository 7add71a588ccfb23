import { eq } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import type { ApplicationBranding, ApplicationSetting } from '../common';
import type { LogoStore } from './logo-store';
import { applications } from './schema';

/** ApplicationBranding over the applications table and the logo files. */
export function applicationBranding(db: Database, logos: LogoStore): ApplicationBranding {
  const row = async (appId: string) => {
    const [found] = await db
      .select({ name: applications.name, logo: applications.logo, setting: applications.setting })
      .from(applications)
      .where(eq(applications.id, appId));
    return found ?? null;
  };
  return {
    async get(appId) {
      const found = await row(appId);
      return found && { name: found.name, hasLogo: found.logo !== null, setting: found.setting as ApplicationSetting };
    },
    async logo(appId) {
      const found = await row(appId);
      return found?.logo ? logos.read(appId, found.logo) : null;
    },
  };
}
