import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataSourceFields, type DataSourceFieldSpec } from './data-source-fields';

const fields: readonly DataSourceFieldSpec[] = [
  { key: 'deviceProfile', labelKey: 'demo.form.deviceProfile', kind: 'profile', noneKey: 'demo.form.none' },
  { key: 'mode', labelKey: 'demo.form.mode', kind: 'select', options: [{ value: 'OTAA' }, { value: 'ABP' }] },
  { key: 'sn', labelKey: 'demo.form.sn', required: true, placeholder: 'SN-1' },
  { key: 'abpKey', labelKey: 'demo.form.abpKey', visible: (value) => value.mode === 'ABP' },
  { key: 'notes', labelKey: 'demo.form.notes', kind: 'textarea' },
];
const rule = (value: Record<string, unknown>) => (value.sn ? {} : { sn: 'demo.errors.sn' });
const render = (value: Record<string, unknown>, showErrors = false) =>
  renderToStaticMarkup(
    <DataSourceFields
      value={value}
      onChange={() => undefined}
      showErrors={showErrors}
      deviceProfiles={[{ uuid: 'p1', deviceProfileName: 'Door', sensorModel: 'DS-1' }]}
      fields={fields}
      rule={rule}
    />,
  );

describe('DataSourceFields', () => {
  it('renders a labelled control per visible field, profiles with name and model', () => {
    const html = render({ mode: 'OTAA', sn: 'A' });
    expect(html).toContain('demo.form.sn');
    expect(html).toContain('placeholder="SN-1"');
    expect(html).toContain('Door · DS-1');
    expect(html).toContain('demo.form.none');
    expect(html).toContain('<textarea');
    expect(html).not.toContain('demo.form.abpKey');
    expect(render({ mode: 'ABP', sn: 'A' })).toContain('demo.form.abpKey');
  });

  it('shows a field error only when asked to (untouched fields stay quiet)', () => {
    expect(render({})).not.toContain('demo.errors.sn');
    expect(render({}, true)).toContain('demo.errors.sn');
    expect(render({ sn: 'A' }, true)).not.toContain('demo.errors.sn');
  });
});
