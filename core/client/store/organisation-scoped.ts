import { getEnv, types } from 'mobx-state-tree';
import type { StoreEnv } from './env';
import { RequestModel, track } from './request';

type Method = 'get' | 'put' | 'post' | 'delete';

/**
 * The base of a store for one organisation's settings at `/{path}` (device-server settings, MQTT device credentials):
 * which organisation is asked for (null: the caller's own, which for a cloud user means the operator's), its calls
 * naming it as `?organisationId=`, and loading that drops an answer for an organisation asked for earlier. Extend it
 * with `.props()` / `.actions()`.
 */
export function organisationScopedModel(name: string, path: string) {
  return types
    .model(name, {
      organisationId: types.maybeNull(types.string),
      loading: types.optional(RequestModel, {}),
    })
    .volatile(() => ({ latestLoad: 0 }))
    .actions((self) => ({
      ask(organisationId: string | null): number {
        self.organisationId = organisationId;
        return ++self.latestLoad;
      },
    }))
    .actions((self) => {
      /** A call at the path (or `path/suffix`) for the organisation asked for. */
      function call<T>(method: Method, options: { suffix?: string; json?: unknown } = {}): Promise<T> {
        const http = getEnv<Pick<StoreEnv, 'http'>>(self).http;
        const searchParams = self.organisationId ? { organisationId: self.organisationId } : undefined;
        const url = options.suffix ? `${path}/${options.suffix}` : path;
        const body = options.json === undefined ? {} : { json: options.json };
        return http(url, { method, searchParams, ...body }).json<T>();
      }
      return {
        call,
        /** GETs the organisation's view; null when it failed (see `loading`) or another organisation was asked for since. */
        async fetch<T>(organisationId: string | null): Promise<T | null> {
          const ticket = self.ask(organisationId);
          const outcome = await track(self.loading, () => call<T>('get'));
          return outcome.ok && ticket === self.latestLoad ? outcome.value : null;
        },
      };
    });
}
