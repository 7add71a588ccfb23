import { describe, expect, it } from 'vitest';
import { createI18n } from '@sensorium/core/client';
import cn from '../i18n/cn.json';
import en from '../i18n/en.json';
import hk from '../i18n/hk.json';
import { emailSentMessage, emailSentState } from './email-sent';

const t = (language: 'en' | 'hk' | 'cn') => createI18n({ en, hk, cn }, language).t;

describe('the e-mail-sent page’s message (issue 12 item 15)', () => {
  it('shows the validity the server answered, not a fixed 30 minutes', () => {
    const html = emailSentMessage(t('en'), { email: 'cara@example.com', validMinutes: 45 });
    expect(html).toContain('<strong>cara@example.com</strong>');
    expect(html).toContain('The link is valid for 45 minutes.');
    expect(html).not.toContain('30 minutes');
    expect(emailSentMessage(t('en'), { email: '', validMinutes: 1 })).toContain('The link is valid for 1 minute.');
    expect(emailSentMessage(t('hk'), { email: '', validMinutes: 120 })).toContain('連結於 120 分鐘內有效。');
    expect(emailSentMessage(t('cn'), { email: '', validMinutes: 120 })).toContain('链接在 120 分钟内有效。');
  });

  it('says no duration when it does not know one, and escapes the address', () => {
    const html = emailSentMessage(t('en'), { email: '<b>x</b>@example.com', validMinutes: null });
    expect(html).not.toMatch(/valid for/);
    expect(html).toContain('&lt;b&gt;');
    expect(html).toContain('check your spam folder');
  });

  it('reads the navigation state defensively', () => {
    expect(emailSentState({ email: 'a@example.com', validMinutes: 60 })).toEqual({ email: 'a@example.com', validMinutes: 60 });
    expect(emailSentState(null)).toEqual({ email: '', validMinutes: null });
    expect(emailSentState({ email: 3, validMinutes: -5 })).toEqual({ email: '', validMinutes: null });
  });
});
