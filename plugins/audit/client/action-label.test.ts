import { describe, expect, it } from 'vitest';
import { createI18n } from '@sensorium/core/client';
import { auditI18n } from '../common/i18n';
import { actionLabel, LABELLED_ACTION_KEYS } from './action-label';

describe('audit action names', () => {
  const en = createI18n(auditI18n, 'en').t;
  const hk = createI18n(auditI18n, 'hk').t;
  const cn = createI18n(auditI18n, 'cn').t;

  it('reads the actions shown today in the user’s language', () => {
    expect(actionLabel(en, 'auth.login')).toBe('Sign in');
    expect(actionLabel(hk, 'auth.login')).toBe('登入');
    expect(actionLabel(cn, 'POST /application/new/')).toBe('创建应用程序');
    expect(actionLabel(hk, 'nodes.field-preference.save')).toBe('儲存欄位設定');
  });

  it('words other routes as a translated "METHOD path", and unknown names around the raw name', () => {
    expect(actionLabel(en, 'PUT /chirpstack/server-settings')).toBe('Request PUT /chirpstack/server-settings');
    expect(actionLabel(hk, 'PUT /chirpstack/server-settings')).toBe('請求 PUT /chirpstack/server-settings');
    expect(actionLabel(cn, 'crawler.poll')).toBe('操作 crawler.poll');
  });

  it('has a text for every labelled action in every language', () => {
    for (const t of [en, hk, cn]) {
      for (const key of LABELLED_ACTION_KEYS) expect(t(`audit.actions.${key}`)).not.toBe(`audit.actions.${key}`);
    }
  });
});
