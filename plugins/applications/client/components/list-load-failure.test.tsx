import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@sensorium/core/client';
import { applicationsI18n } from '../../common/i18n';
import { ListLoadFailure } from './list-load-failure';

describe('a failed application list load', () => {
  it('says the applications could not be loaded and offers Retry, in the user’s language', () => {
    const render = (language: 'en' | 'hk') =>
      renderToStaticMarkup(
        <I18nextProvider i18n={createI18n(applicationsI18n, language)}>
          <ListLoadFailure onRetry={() => undefined} />
        </I18nextProvider>,
      );
    const html = render('en');
    expect(html).toContain('role="alert"');
    expect(html).toContain('The applications could not be loaded.');
    expect(html).toMatch(/<button[^>]*>Retry<\/button>/);
    expect(render('hk')).toContain('重試');
  });
});
