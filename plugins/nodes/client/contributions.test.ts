import { container } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import { defineClientPlugin, registerClientPlugins } from '@sensorium/core/client';
import { ALL_LICENCES, type ExtensionPoint } from '@sensorium/core/common';
import devicePipeline from '../../device-pipeline/client';
import rawData from '../../raw-data/client';
import { fieldSettingSections, itemSettingsTabs } from '../common/extension-points';
import type { SignalType } from '../common/field-preference';
import { visibleSections } from './field/field-rules';
import nodes from '.';

// The node console as the nodes, device-pipeline and raw-data plugins contribute it (node spec 2.2, 2.5).
const applications = defineClientPlugin({ manifest: { id: 'applications', version: '0.1.0' }, register: () => undefined });
const runtime = registerClientPlugins([devicePipeline, rawData, nodes, applications], { licences: ALL_LICENCES }, container);
const list = <T>(point: ExtensionPoint<T>) => runtime.registry.list(point).map((entry) => entry.value);

describe('node console contributions', () => {
  it('puts Basic, Settings (the default), Data History and Chart in the item panel', () => {
    const tabs = list(itemSettingsTabs).sort((a, b) => a.order - b.order);
    expect(tabs.map((tab) => tab.titleKey)).toEqual([
      'nodes.item.tabs.basic',
      'nodes.item.tabs.settings',
      'raw-data.dataHistory',
      'device-pipeline.tabs.chart',
    ]);
    expect(tabs.filter((tab) => tab.default).map((tab) => tab.id)).toEqual(['nodes.settings']);
  });

  it('shows the Field Settings sections of each signal type in the spec’s order', () => {
    const sections = list(fieldSettingSections);
    const shown = (signal: SignalType, itemType: 'node' | 'item' = 'item') =>
      visibleSections(sections, signal, itemType).map((section) => section.titleKey.split('.').at(-1));
    const common = ['displayInFrontend', 'displayName', 'icon', 'sequence', 'signal'];
    expect(shown('analog')).toEqual([...common, 'analog', 'debounce', 'spikeFilter', 'simpleConvert', 'storage', 'fieldSection']);
    expect(shown('digital')).toEqual([...common, 'logic', 'debounce', 'storage', 'fieldSection', 'autoReset']);
    expect(shown('string')).toEqual([...common, 'storage', 'fieldSection', 'autoReset']);
    expect(shown('json')).toEqual([...common, 'storage', 'fieldSection']);
    expect(shown('json', 'node')).toEqual([
      'displayInFrontend',
      'displayName',
      'icon',
      'sequence',
      'nodeData',
      'signal',
      'storage',
      'fieldSection',
    ]);
    // The processing and retention sections are the device pipeline's.
    expect(
      runtime.registry
        .list(fieldSettingSections)
        .filter((entry) => entry.pluginId === 'device-pipeline')
        .map((entry) => entry.value.id),
    ).toEqual([
      'device-pipeline.debounce',
      'device-pipeline.spike-filter',
      'device-pipeline.simple-convert',
      'device-pipeline.history-retention',
    ]);
  });
});
