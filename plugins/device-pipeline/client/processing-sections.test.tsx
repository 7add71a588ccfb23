import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { defaultFieldPreference, validateFieldPreference, type FieldPreference, type Item } from '@sensorium/nodes/common';
import { SpikeFilterSection } from './processing-sections';

const render = (filter: FieldPreference['filter']) => {
  const value = { ...defaultFieldPreference('energy'), filter };
  return renderToStaticMarkup(
    <SpikeFilterSection
      field="energy"
      item={{} as Item}
      value={value}
      onChange={() => undefined}
      canWrite
      problems={validateFieldPreference(value)}
    />,
  );
};

describe('the spike filter section', () => {
  it('takes a negative minimum (minus and dot allowed) and shows the default -100000', () => {
    const html = render({ min: -100000, max: 100000 });
    expect(html.match(/inputmode="decimal"/gi)).toHaveLength(2);
    expect(html).toContain('value="-100000"');
    expect(html).not.toContain('nodes.validation');
  });

  it('says so when a bound is no number or the maximum is below the minimum', () => {
    expect(render({ min: NaN, max: 10 })).toContain('nodes.validation.number');
    expect(render({ min: 10, max: 5 })).toContain('nodes.validation.filterOrder');
  });
});
