import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import cn from '../i18n/cn.json';
import en from '../i18n/en.json';
import hk from '../i18n/hk.json';
import { DataTable } from './data-table';
import { RowAction } from './page-parts';
import { Pager } from './pager';

const columns = [
  { id: 'name', header: 'Name', cell: (row: { id: string; name: string }) => row.name },
  { id: 'id', header: 'Id', cell: (row: { id: string; name: string }) => row.id },
];

describe('DataTable', () => {
  it('renders a labelled table with a header cell per column and a row per record', () => {
    const html = renderToStaticMarkup(
      <DataTable label="People" columns={columns} rows={[{ id: 'a1', name: 'Ann' }]} rowKey={(row) => row.id} empty="None" />,
    );
    expect(html).toContain('aria-label="People"');
    expect(html.match(/<th[\s>]/g)?.length).toBe(2);
    expect(html).toContain('Ann');
    expect(html).toContain('a1');
    expect(html).not.toContain('None');
  });

  it('shows the empty text without rows, but an empty table while loading', () => {
    const empty = renderToStaticMarkup(
      <DataTable label="People" columns={columns} rows={[]} rowKey={(row) => row.id} empty="No data" />,
    );
    expect(empty).toContain('No data');
    expect(empty).not.toContain('<table');
    const loading = renderToStaticMarkup(
      <DataTable label="People" columns={columns} rows={[]} rowKey={(row) => row.id} empty="No data" loading />,
    );
    expect(loading).toContain('<table');
    expect(loading).not.toContain('No data');
  });
});

describe('Pager', () => {
  const i18n = createI18n({ en, hk, cn }, 'en');
  const render = (offset: number, total: number, language: 'en' | 'cn' = 'en') => {
    void i18n.changeLanguage(language);
    return renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <Pager offset={offset} pageSize={10} total={total} onChange={() => undefined} />
      </I18nextProvider>,
    );
  };
  const disabled = (html: string, label: string) =>
    new RegExp(`<button[^>]*aria-label="${label}"[^>]*disabled`).test(html) ||
    new RegExp(`<button[^>]*disabled[^>]*aria-label="${label}"`).test(html);

  it('words the position the same way everywhere and disables the ends', () => {
    const first = render(0, 25);
    expect(first).toContain('1–10 of 25');
    expect(disabled(first, 'Previous page')).toBe(true);
    expect(disabled(first, 'Next page')).toBe(false);
    const last = render(20, 25);
    expect(last).toContain('21–25 of 25');
    expect(disabled(last, 'Previous page')).toBe(false);
    expect(disabled(last, 'Next page')).toBe(true);
    expect(render(0, 0)).toContain('0–0 of 0');
    expect(render(10, 12, 'cn')).toContain('第 11–12 项，共 12 项');
  });
});

describe('RowAction', () => {
  it('names the action after its row for screen readers', () => {
    const html = renderToStaticMarkup(<RowAction icon={<span />} label="Delete" target="alice" onClick={() => undefined} />);
    expect(html).toContain('aria-label="Delete alice"');
    expect(html).toContain('title="Delete"');
  });
});
