import type { i18n as I18n } from 'i18next';
import type { HttpClient } from '../http';
import type { StorageLike, TokenStore } from '../token-store';

/** What the root store's actions reach through MST's environment. */
export interface StoreEnv {
  http: HttpClient;
  tokens: TokenStore;
  i18n: I18n;
  /** Where user preferences (language, minified sidebar) persist: localStorage in the browser. */
  preferences: StorageLike;
}
