import { describe, expect, it } from 'vitest';
import { itemTabsFor, type ItemSettingsTab } from './extension-points';

const tab = (id: string, order: number, dataSourceTypes?: string[]): ItemSettingsTab => ({
  id,
  titleKey: id,
  order,
  dataSourceTypes,
  component: () => null,
});

describe('item panel tabs', () => {
  const tabs = [tab('chart', 40), tab('basic', 10), tab('lora.device', 30, ['lora']), tab('settings', 20)];

  it('shows a data source’s own tab only on items of that source, the others on every item, in order', () => {
    expect(itemTabsFor(tabs, 'lora').map((shown) => shown.id)).toEqual(['basic', 'settings', 'lora.device', 'chart']);
    expect(itemTabsFor(tabs, 'ttn').map((shown) => shown.id)).toEqual(['basic', 'settings', 'chart']);
  });

  it('keeps every tab while the item is not known yet, ties ordered by id', () => {
    expect(itemTabsFor([tab('b', 1), tab('a', 1)], undefined).map((shown) => shown.id)).toEqual(['a', 'b']);
    expect(itemTabsFor(tabs, null)).toHaveLength(4);
  });
});
