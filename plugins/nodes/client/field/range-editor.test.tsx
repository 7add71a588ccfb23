import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { defaultFieldPreference, defaultFirstRange } from '../../common/field-preference';
import { validateFieldPreference } from '../../common/preference-validation';
import type { RangeSettings } from '../../common/field-preference';
import { RangeEditor } from './range-editor';

const render = (rangeSettings: RangeSettings) =>
  renderToStaticMarkup(
    <RangeEditor
      value={rangeSettings}
      signal="analog"
      actions={[]}
      onChange={() => undefined}
      onAction={() => undefined}
      problems={validateFieldPreference({ ...defaultFieldPreference('t'), rangeSettings })}
    />,
  );
const withRange = (change: object): RangeSettings => ({
  ...defaultFieldPreference('t').rangeSettings,
  ranges: [{ ...defaultFirstRange(), ...change }],
});

describe('the range editor', () => {
  it('says so under the end when a range starts above it, and under the start when the start is no number', () => {
    expect(render(withRange({ startNum: 120, endNum: 100 }))).toContain('nodes.validation.rangeOrder');
    expect(render(withRange({ startNum: NaN }))).toContain('nodes.validation.number');
    expect(render(withRange({}))).not.toContain('nodes.validation');
  });

  it('takes signed numbers (minus and dot) for the bounds and limits names to 50 characters', () => {
    const html = render(withRange({}));
    expect(html.match(/inputmode="decimal"/gi)).toHaveLength(4);
    expect(html.match(/maxLength="50"/gi)).toHaveLength(2);
  });
});
