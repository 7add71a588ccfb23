import { describe, expect, it } from 'vitest';
import { redactTokens } from './log-redaction';

describe('redactTokens', () => {
  it('hides token query values and keeps the rest of the URL', () => {
    expect(redactTokens('/api/ws?token=eyJ.abc.def')).toBe('/api/ws?token=[redacted]');
    expect(redactTokens('/api/application/plant/logo.png?t=1&token=secret&x=2')).toBe(
      '/api/application/plant/logo.png?t=1&token=[redacted]&x=2',
    );
    expect(redactTokens('/app/a/dashboard/main?dashboard_token=abc')).toBe('/app/a/dashboard/main?dashboard_token=[redacted]');
    expect(redactTokens('/api/application/')).toBe('/api/application/');
  });
});
