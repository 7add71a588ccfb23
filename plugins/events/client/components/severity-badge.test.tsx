import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { severityScale, type ApplicationSetting } from '@sensorium/applications/common';
import { SeverityMark } from './severity-badge';

const custom: ApplicationSetting = {
  severitySettingEnable: true,
  severitySetting: { '4': { name: 'Boiler on fire', description: '', color: 'blue', sound: true, enabled: true } },
};
const names = (key: string) => `<${key}>`;

describe('an event’s severity in the Event View', () => {
  it('shows the application’s own name and colour of the level', () => {
    const html = renderToStaticMarkup(<SeverityMark severity={4} scale={severityScale(custom, names)} />);
    expect(html).toContain('Boiler on fire');
    expect(html).toContain('background:#0f6cbd');
  });

  it('shows the default name of a level the application did not set, and the defaults while custom is off', () => {
    expect(renderToStaticMarkup(<SeverityMark severity={3} scale={severityScale(custom, names)} />)).toContain(
      '&lt;applications.severity.defaults.3.name&gt;',
    );
    const off = { ...custom, severitySettingEnable: false };
    const html = renderToStaticMarkup(<SeverityMark severity={4} scale={severityScale(off, names)} />);
    expect(html).toContain('&lt;applications.severity.defaults.4.name&gt;');
    expect(html).toContain('background:#d13438');
  });

  it('keeps the name of an acknowledged or cleared event but shows it in level 0’s colour', () => {
    const html = renderToStaticMarkup(<SeverityMark severity={4} settled scale={severityScale(custom, names)} />);
    expect(html).toContain('Boiler on fire');
    expect(html).toContain('background:#ffffff');
  });
});
