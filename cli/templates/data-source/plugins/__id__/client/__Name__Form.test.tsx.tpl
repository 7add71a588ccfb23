import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, type DataSourceFormProps } from '@sensorium/core/client';
import type { Language } from '@sensorium/core/common';
import { deviceIdProblem } from '../common';
import cn from './i18n/cn.json';
import en from './i18n/en.json';
import hk from './i18n/hk.json';
import { {{Name}}Form } from './{{Name}}Form';

function render(props: Partial<DataSourceFormProps>, language: Language = 'en'): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n({ en, hk, cn }, language)}>
      <{{Name}}Form value={{ type: '{{id}}', deviceEUI: '' }} onChange={() => undefined} {...props} />
    </I18nextProvider>,
  );
}

describe('{{title}} device id rule', () => {
  it.each(['sensor-1', 'Meter_09', 'a'.repeat(64)])('accepts "%s"', (deviceId) => {
    expect(deviceIdProblem(deviceId)).toBeNull();
  });

  it('asks for a device id', () => {
    expect(deviceIdProblem('  ')).toBe('{{id}}.deviceIdRequired');
  });

  it.each(['sensor/1', 'sensor+1', 'sensor 1', 'a'.repeat(65)])('refuses "%s"', (deviceId) => {
    expect(deviceIdProblem(deviceId)).toBe('{{id}}.deviceIdInvalid');
  });
});

describe('{{title}} add-item form section', () => {
  it('shows the device id field without a problem before the user tried to go on', () => {
    const html = render({});
    expect(html).toContain(en['{{id}}'].deviceId);
    expect(html).not.toContain(en['{{id}}'].deviceIdRequired);
  });

  it('explains the problem when the user tried to go on', () => {
    expect(render({ showErrors: true })).toContain(en['{{id}}'].deviceIdRequired);
    expect(render({ showErrors: true, value: { deviceEUI: 'sensor/1' } })).toContain(en['{{id}}'].deviceIdInvalid);
    expect(render({ showErrors: true, value: { deviceEUI: 'sensor-1' } })).not.toContain(en['{{id}}'].deviceIdInvalid);
  });

  it('speaks the user’s language', () => {
    expect(render({ showErrors: true }, 'hk')).toContain(hk['{{id}}'].deviceIdRequired);
    expect(render({}, 'cn')).toContain(cn['{{id}}'].deviceId);
  });
});
