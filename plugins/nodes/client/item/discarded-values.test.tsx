import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@sensorium/core/client';
import { defaultFieldPreference } from '../../common/field-preference';
import type { Item, NodeStatus } from '../../common/types';
import { nodesClientI18n } from '../i18n';
import { DiscardedValues } from './discarded-values';

const at = '2026-05-12T10:00:00.000Z';
const item = (status: Partial<NodeStatus>) =>
  ({
    input: { energy: { ...defaultFieldPreference('energy'), displayName: 'Energy' } },
    status: { severity: 0, eventSeverity: 0, fieldStatus: {}, ...status },
  }) as unknown as Item;

const render = (status: Partial<NodeStatus>, language: 'en' | 'cn' = 'en') =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(nodesClientI18n, language)}>
      <DiscardedValues item={item(status)} now={Date.parse(at) + 5000} />
    </I18nextProvider>,
  );

describe('the item’s discarded values', () => {
  it('show each field’s count and its last discarded value with the reason, in the user’s language', () => {
    const html = render({
      discarded: {
        energy: { count: 12, value: '29912345.6', reason: 'spikeFilter', min: -100000, max: 100000, at },
        door: { count: 1, value: 'ajar', reason: 'unreadable', signal: 'digital', at },
      },
    });
    expect(html).toContain('Discarded Values');
    expect(html).toContain('Energy: 12 discarded, the last 29912345.6 (outside the spike filter -100000 to 100000) at ');
    expect(html).toContain('door: 1 discarded, the last ajar (not readable as Digital)');
    expect(render({ discarded: { energy: { count: 2, value: '1e9', reason: 'spikeFilter', at } } }, 'cn')).toContain(
      '已丢弃 2 个',
    );
  });

  it('show nothing while no reading was discarded', () => {
    expect(render({})).toBe('');
  });
});
