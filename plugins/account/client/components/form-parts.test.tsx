import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@sensorium/core/client';
import cn from '../i18n/cn.json';
import en from '../i18n/en.json';
import hk from '../i18n/hk.json';
import { PasswordFields } from './form-parts';

const render = (language: 'en' | 'hk' | 'cn', values: { password: string; confirmPassword: string }) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createI18n({ en, hk, cn }, language)}>
      <PasswordFields
        labels={{ password: 'Password', confirmPassword: 'Confirm password' }}
        values={values}
        errors={{}}
        onChange={() => undefined}
      />
    </I18nextProvider>,
  );

describe('the new-password fields of sign-up and reset (issue 12 item 16)', () => {
  it('say the length limit they cut at, with how many characters are typed', () => {
    const html = render('en', { password: 'twelve-chars', confirmPassword: '' });
    expect(html.match(/maxLength="20"/g)).toHaveLength(2);
    expect(html).toContain('8 to 20 characters (12/20)');
    expect(html).toContain('8 to 20 characters (0/20)');
    expect(render('hk', { password: '', confirmPassword: '' })).toContain('8 至 20 個字元（0/20）');
    expect(render('cn', { password: '', confirmPassword: '' })).toContain('8 至 20 个字符（0/20）');
  });
});
