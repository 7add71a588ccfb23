import type { ApplicationSummary, EndCustomer } from './types';

export type ApplicationSort = 'name' | 'date' | 'endCustomerName';
export const APPLICATION_SORTS: readonly ApplicationSort[] = ['name', 'date', 'endCustomerName'];

/** Case-insensitive keyword filter across id, name, description and end customer name (shell spec §9). */
export function filterApplications(apps: readonly ApplicationSummary[], keyword: string): ApplicationSummary[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...apps];
  return apps.filter((app) =>
    [app.id, app.name, app.description, app.endCustomerName].some((text) => text.toLowerCase().includes(needle)),
  );
}

/** End customers without applications whose name holds the keyword (all of them without one). */
export function filterCustomers(customers: readonly EndCustomer[], keyword: string): EndCustomer[] {
  const needle = keyword.trim().toLowerCase();
  return customers.filter((customer) => customer.name.toLowerCase().includes(needle));
}

/** The heading's counts of what the search shows: its applications, and the end customers of those and of the rest. */
export function listCounts(
  shownApps: readonly ApplicationSummary[],
  shownCustomersWithoutApps: readonly EndCustomer[],
): { apps: number; customers: number } {
  const customers = new Set([
    ...shownApps.map((app) => app.endCustomerId),
    ...shownCustomersWithoutApps.map((customer) => customer.id),
  ]);
  return { apps: shownApps.length, customers: customers.size };
}

/** Name by default; date means newest update first (shell spec §4). */
export function sortApplications(apps: readonly ApplicationSummary[], sort: ApplicationSort): ApplicationSummary[] {
  const sorted = [...apps];
  if (sort === 'date') return sorted.sort((a, b) => b.updateDate.localeCompare(a.updateDate));
  const key = sort === 'name' ? 'name' : 'endCustomerName';
  return sorted.sort((a, b) => a[key].localeCompare(b[key]));
}

export interface ApplicationGroup {
  customerId: string;
  /** Null for an unknown customer, shown as Unknown Customer. */
  customerName: string | null;
  apps: ApplicationSummary[];
}

/** Groups by end customer, groups sorted alphabetically by customer name, the unknown customer last. */
export function groupByCustomer(apps: readonly ApplicationSummary[]): ApplicationGroup[] {
  const groups = new Map<string, ApplicationGroup>();
  for (const app of apps) {
    const customerId = app.endCustomerId || '';
    const group = groups.get(customerId) ?? { customerId, customerName: app.endCustomerName || null, apps: [] };
    group.apps.push(app);
    groups.set(customerId, group);
  }
  return [...groups.values()].sort((a, b) => {
    if (a.customerName === null) return 1;
    if (b.customerName === null) return -1;
    return a.customerName.localeCompare(b.customerName);
  });
}
