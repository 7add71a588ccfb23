import type { TFunction } from 'i18next';

/** "1 application found in 1 customer": each count takes its language's plural form (i18next `_one` / `_other`). */
export function listHeading(t: TFunction, counts: { apps: number; customers: number }): string {
  return t('applications.heading', {
    apps: t('applications.counts.apps', { count: counts.apps }),
    customers: t('applications.counts.customers', { count: counts.customers }),
  });
}
