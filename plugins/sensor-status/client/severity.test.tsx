import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { severityScale } from '@sensorium/applications/common';
import { SeverityMark } from './severity';

describe('a device’s severity on Sensor Status', () => {
  it('shows the application’s custom name and colour, and a disabled level without its colour', () => {
    const scale = severityScale(
      {
        severitySettingEnable: true,
        severitySetting: {
          '2': { name: 'Tank low', description: '', color: 'green', sound: false, enabled: true },
          '3': { name: 'Pump slow', description: '', color: 'purple', sound: true, enabled: false },
        },
      },
      (key) => key,
    );
    const tankLow = renderToStaticMarkup(<SeverityMark level={2} scale={scale} />);
    expect(tankLow).toContain('Tank low');
    expect(tankLow).toContain('background:#107c10');
    const pumpSlow = renderToStaticMarkup(<SeverityMark level={3} scale={scale} />);
    expect(pumpSlow).toContain('Pump slow');
    expect(pumpSlow).toContain('background:#ffffff');
  });
});
