import { describe, expect, it } from 'vitest';
import type { AppMenuItemContribution } from '@sensorium/core/client';
import { appMenuEntries, appMenuHref } from './app-menu-entries';

const item = (id: string, order: number, group?: 'settings'): AppMenuItemContribution => ({
  id,
  titleKey: id,
  path: id,
  order,
  ...(group ? { group } : {}),
});

describe('per-application menu', () => {
  it('keeps plain items in order and gathers the settings items into one dropdown at its first position', () => {
    const entries = appMenuEntries([
      item('node-management', 40),
      item('sensor', 10),
      item('event-setting', 32, 'settings'),
      item('application-user', 30, 'settings'),
      item('event-view', 20),
    ]);
    expect(entries.map((entry) => (entry.kind === 'item' ? entry.item.id : entry.items.map((i) => i.id)))).toEqual([
      'sensor',
      'event-view',
      ['application-user', 'event-setting'],
      'node-management',
    ]);
  });

  it('links below the current application', () => {
    expect(appMenuHref('plant 1', item('dashboard/main', 1))).toBe('/app/plant%201/dashboard/main');
  });
});
