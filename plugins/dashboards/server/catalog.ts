import type { Database } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import type { DashboardCatalog } from '../common';
import { checkedDefinition, checkWidgets } from './definition-check';
import type { DashboardRepository } from './repository';

/** DashboardCatalogToken: other plugins (the project wizard) lay out dashboards inside their own transaction. */
export function dashboardCatalog(repository: DashboardRepository, lookup: Pick<ItemLookup, 'itemsOf'>): DashboardCatalog {
  return {
    async create(appId, definition, transaction) {
      const tx = transaction as Database | undefined;
      const input = await checkedDefinition(definition);
      // Items the caller's transaction just made are bindable: they are read inside it.
      const items = await lookup.itemsOf(appId, tx);
      checkWidgets(input, new Set(items.map((item) => item.uuid)));
      const created = await repository.create(appId, input, tx);
      return { id: created.id };
    },
  };
}
