import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type StoreEnv } from '@sensorium/core/client';

/**
 * The document the sign-up page opens (Terms and Conditions, Privacy Policy): a static HTML asset of the interface
 * language, fetched as text. A failed load only sets `request.failed`; no text is shown (accounts spec §2).
 */
export const DocumentModel = types
  .model('AccountDocument', {
    url: types.maybeNull(types.string),
    /** The document as fetched; pages sanitise it before showing it. */
    html: types.maybeNull(types.string),
    request: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    begin(url: string) {
      self.url = url;
      self.html = null;
    },
    loaded(url: string, html: string) {
      if (self.url === url) self.html = html;
    },
  }))
  .actions((self) => ({
    async load(url: string): Promise<void> {
      self.begin(url);
      // An asset of the console, not an API path: no /api prefix.
      const http = getEnv<Pick<StoreEnv, 'http'>>(self).http;
      const outcome = await track(self.request, () => http.get(url, { prefixUrl: '' }).text());
      if (outcome.ok) self.loaded(url, outcome.value);
    },
  }));

export type DocumentStore = Instance<typeof DocumentModel>;
