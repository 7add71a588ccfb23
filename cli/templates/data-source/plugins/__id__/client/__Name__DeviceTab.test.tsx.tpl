import { container } from 'tsyringe';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, defineClientPlugin, registerClientPlugins } from '@sensorium/core/client';
import { ALL_LICENCES, type Language } from '@sensorium/core/common';
import { itemTabsFor, itemSettingsTabs, type Item } from '@sensorium/nodes/common';
import { {{camelName}}Type } from '../common';
import cn from './i18n/cn.json';
import en from './i18n/en.json';
import hk from './i18n/hk.json';
import { {{Name}}DeviceTab } from './{{Name}}DeviceTab';
import {{camelName}} from './index';

/** Just the parts of an item the tab reads. */
const item = (lastReceiveDate: string | null) =>
  ({ dataSource: { type: {{camelName}}Type, deviceEUI: 'sensor-1' }, lastReceiveDate }) as unknown as Item;

function render(shown: Item, language: Language = 'en'): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n({ en, hk, cn }, language)}>
      <{{Name}}DeviceTab appId="plant" item={shown} active canWrite={false} />
    </I18nextProvider>,
  );
}

describe('{{title}} item tab', () => {
  it('is added to the item panel for {{title}} items only, without any change to the nodes plugin', () => {
    const nodes = defineClientPlugin({ manifest: { id: 'nodes', version: '0.1.0' }, register: () => undefined });
    const runtime = registerClientPlugins([nodes, {{camelName}}], { licences: ALL_LICENCES }, container);
    const tabs = runtime.registry.list(itemSettingsTabs).map((entry) => entry.value);
    expect(itemTabsFor(tabs, {{camelName}}Type).map((tab) => tab.id)).toEqual(['{{id}}.device']);
    expect(itemTabsFor(tabs, 'chirpstack')).toEqual([]);
  });

  it('shows the device id and whether an uplink came, in the user’s language', () => {
    expect(render(item(null))).toContain('sensor-1');
    expect(render(item(null))).toContain(en['{{id}}'].noUplink);
    expect(render(item('2026-01-01T08:30:00.000Z'), 'hk')).toContain(hk['{{id}}'].lastUplink);
    expect(render(item('2026-01-01T08:30:00.000Z'), 'hk')).not.toContain(hk['{{id}}'].noUplink);
  });
});
