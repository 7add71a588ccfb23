import { defineRoute, type AnyRouteDefinition } from '../../../core/server';
import type { EventSummaryRow, EventSummarySource } from '../common';
import type { ApplicationRepository } from './application-repository';

export function applicationRoutes(repository: ApplicationRepository, summarySources: () => EventSummarySource[]): AnyRouteDefinition[] {
  const routes = [
    defineRoute({
      method: 'GET',
      url: '/application/',
      summary: 'Applications the caller may see, and the end customers that have none',
      handler: ({ user }) => repository.list(user),
    }),
    defineRoute({
      method: 'GET',
      url: '/customer/end-customer-list/',
      summary: 'End customers the caller may see',
      handler: ({ user }) => repository.visibleEndCustomers(user),
    }),
    defineRoute({
      method: 'GET',
      url: '/system-events-api/system-events/summary/',
      summary: 'Per-application event counts and severities for the alarm bell',
      handler: async ({ user }): Promise<EventSummaryRow[]> => {
        const { appList } = await repository.list(user);
        const appIds = appList.map((app) => app.id);
        if (appIds.length === 0) return [];
        const rows = await Promise.all(summarySources().map((source) => source.summarise(appIds)));
        return rows.flat();
      },
    }),
  ];
  return routes;
}
