import { LICENCES, type PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'dashboards',
  version: '0.2.0',
  description:
    'Dashboards (shell §2.1, §2.5, §2.9): per-application grids of live widgets (value cards, gauges, charts, maps, ' +
    'floor plans, alarms, tables, commands), several per application with one main, themed, shareable read-only by ' +
    'signed, expiring, revocable links.',
  licence: LICENCES.dashboard,
  permissions: [],
  dependsOn: ['applications', 'nodes', 'device-pipeline', 'events', 'themes'],
  tables: ['dashboards'],
};
