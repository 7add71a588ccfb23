import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@sensorium/core/client';
import type { Item } from '../../common/types';
import { nodesClientI18n } from '../i18n';
import { SourceErrorLine } from './source-error';

const at = '2026-05-12T10:00:00.000Z';
const render = (item: Partial<Item>, language: 'en' | 'hk' = 'en') =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(nodesClientI18n, language)}>
      <SourceErrorLine item={{ lastReceiveDate: null, ...item } as Item} now={Date.parse(at) + 60_000} />
    </I18nextProvider>,
  );

describe('the item’s last source error', () => {
  it('shows the message and its time, in the user’s language', () => {
    const sourceError = { message: `Unexpected token 'o', "ok" is not valid JSON`, at };
    const html = render({ sourceError, lastReceiveDate: '2026-05-12T09:00:00.000Z' });
    expect(html).toContain('Last Error');
    expect(html).toContain('Unexpected token &#x27;o&#x27;, &quot;ok&quot; is not valid JSON at ');
    expect(html).toContain('1 minute ago');
    expect(render({ sourceError }, 'hk')).toContain('最近錯誤');
  });

  it('shows nothing without one, or once newer data came in', () => {
    expect(render({})).toBe('');
    expect(render({ sourceError: { message: 'down', at }, lastReceiveDate: '2026-05-12T10:00:05.000Z' })).toBe('');
  });
});
