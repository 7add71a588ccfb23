import { createHttpClient, type HttpClient, type HttpClientOptions } from '../http';
import type { TokenStore } from '../token-store';

/** An HTTP client for tests that don't watch notifications, navigation or logs: those go nowhere. */
export function quietHttpClient(
  tokens: TokenStore,
  options: Pick<HttpClientOptions, 'prefixUrl'> & Partial<HttpClientOptions>,
): HttpClient {
  return createHttpClient({
    tokens,
    language: () => 'en',
    translate: (key) => key,
    notify: () => undefined,
    navigate: () => undefined,
    currentPath: () => '/',
    onSessionExpired: () => undefined,
    log: () => undefined,
    ...options,
  });
}
