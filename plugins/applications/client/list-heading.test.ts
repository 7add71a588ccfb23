import { describe, expect, it } from 'vitest';
import { createI18n } from '@sensorium/core/client';
import { applicationsI18n } from '../common/i18n';
import { listHeading } from './list-heading';

describe('the application list heading', () => {
  it('uses the singular for one and the plural otherwise in English', () => {
    const { t } = createI18n(applicationsI18n, 'en');
    expect(listHeading(t, { apps: 1, customers: 1 })).toBe('1 application found in 1 customer');
    expect(listHeading(t, { apps: 0, customers: 2 })).toBe('0 applications found in 2 customers');
  });

  it('has one form in Traditional and Simplified Chinese', () => {
    expect(listHeading(createI18n(applicationsI18n, 'hk').t, { apps: 1, customers: 3 })).toBe('在 3 個客戶中找到 1 個應用程式');
    expect(listHeading(createI18n(applicationsI18n, 'cn').t, { apps: 2, customers: 1 })).toBe('在 1 个客户中找到 2 个应用程序');
  });
});
