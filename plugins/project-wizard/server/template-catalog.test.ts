import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import cn from '../common/i18n/cn.json';
import en from '../common/i18n/en.json';
import hk from '../common/i18n/hk.json';
import { generatedValue } from '../../../host/server/data-sources/simulator';
import { loadTemplates, TemplateCatalog, TEMPLATES_DIR } from './template-catalog';
import { parseTemplate } from './template-checks';
import type { ProjectTemplate } from './template-model';

const files = readdirSync(TEMPLATES_DIR).filter((name) => name.endsWith('.json'));
const read = (name: string) => JSON.parse(readFileSync(join(TEMPLATES_DIR, name), 'utf8')) as Record<string, unknown>;

describe('project template files', () => {
  it.each(files)('%s matches the template schema', (name) => {
    expect(() => parseTemplate(name, read(name))).not.toThrow();
  });

  it('offers the ten templates the wizard promises, at least', () => {
    const ids = loadTemplates().map((template) => template.id);
    expect(ids.length).toBeGreaterThanOrEqual(10);
    expect(ids).toEqual(
      expect.arrayContaining([
        'cold-chain-storage',
        'office-air-quality',
        'water-tank-levels',
        'parking-occupancy',
        'energy-sub-metering',
        'people-counting',
        'leak-detection',
        'smart-agriculture',
        'pump-station',
        'server-room-monitoring',
      ]),
    );
  });

  it('names every tag in English, Traditional and Simplified Chinese', () => {
    const tags = new Set(loadTemplates().flatMap((template) => template.tags));
    for (const language of [en, hk, cn]) {
      const names = language['project-wizard'].tags as Record<string, string>;
      for (const tag of tags) expect({ tag, name: names[tag] }).toEqual({ tag, name: expect.any(String) });
    }
  });

  /** The values a field's generator gives over one minute, a second apart. */
  const minuteOf = (template: ProjectTemplate) =>
    template.sites.flatMap((site) =>
      site.items.flatMap((item) =>
        item.fields.map((field) => ({
          field,
          values: Array.from({ length: 60 }, (_, second) =>
            generatedValue(field.generator as never, new Date(Date.UTC(2026, 0, 1, 8, 0, second)), 0.3, 0),
          ),
        })),
      ),
    );

  it.each(loadTemplates().map((template) => [template.id, template] as const))(
    '%s raises a red event within a minute of simulation and clears it again',
    (_id, template) => {
      const red = minuteOf(template).filter(({ field, values }) => {
        const redRanges = field.ranges.filter((range) => range.color === 'red' && range.event);
        const inRed = values.map((value) => redRanges.some((range) => value >= range.start && value <= range.end));
        return inRed.includes(true) && inRed.includes(false);
      });
      expect(red.length).toBeGreaterThan(0);
    },
  );

  it('refuses a file whose widget binds a device it does not have, naming the path', () => {
    const broken = read('pump-station.json');
    const dashboard = broken.dashboard as { widgets: { bindings: { item: string; field: string }[] }[] };
    dashboard.widgets[0]!.bindings = [{ item: 'no-such-pump', field: 'running' }];
    expect(() => parseTemplate('pump-station.json', broken)).toThrow(
      /dashboard\.widgets\.0\.bindings\.0\.item: no device "no-such-pump"/,
    );
  });

  it('refuses an unknown widget type, a missing translation and an id unlike the file name', () => {
    const broken = read('leak-detection.json');
    (broken.dashboard as { widgets: { type: string }[] }).widgets[1]!.type = 'pie-chart';
    delete (broken.name as Record<string, string>).hk;
    expect(() => parseTemplate('leak-detection.json', broken)).toThrow(
      /name\.hk: isNotEmpty[\s\S]*dashboard\.widgets\.1\.type: isIn/,
    );
    expect(() => parseTemplate('other-name.json', read('leak-detection.json'))).toThrow(/differs from the file name/);
  });

  it('refuses a site named like the node a single-location project adds for its building', () => {
    const broken = read('pump-station.json');
    (broken.sites as { name: string }[])[0]!.name = 'building';
    expect(() => parseTemplate('pump-station.json', broken)).toThrow(/sites\.0\.name: "building" is used twice or reserved/);
  });

  it('draws each template’s dashboard as its thumbnail: a box per widget', () => {
    const catalog = new TemplateCatalog(loadTemplates());
    const [summary] = catalog.list('en').filter((template) => template.id === 'cold-chain-storage');
    expect(summary!.thumbnail).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(summary!.thumbnail.split(',')[1]!, 'base64').toString();
    const widgets = catalog.template('cold-chain-storage')!.dashboard.widgets.length;
    expect(svg.match(/<rect [^>]*stroke="#cbd5e1"/g)).toHaveLength(widgets);
  });

  it('lists the templates of a tag in the caller’s language', () => {
    const catalog = new TemplateCatalog(loadTemplates());
    expect(catalog.list('hk', 'water').map((template) => template.name)).toEqual(
      expect.arrayContaining(['水箱水位', '泵站', '漏水偵測']),
    );
    expect(catalog.list('en', 'water').every((template) => template.tags.includes('water'))).toBe(true);
  });
});
