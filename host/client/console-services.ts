import { createBrowserRouter } from 'react-router-dom';
import {
  NotificationCenter,
  PluginStores,
  PushClient,
  TokenStore,
  coreClientTexts,
  createHttpClient,
  createRootStore,
  jsonTexts,
  loadI18n,
  registerClientPlugins,
  routeResolverOf,
  routes,
  storedLanguage,
  type ClientPlugin,
  type ConsoleServices,
  type RootStore,
} from '@sensorium/core/client';
import { isLicensed, type SystemInfo } from '@sensorium/core/common';
import { buildRouteTable } from './routing/route-table';

export type ConsoleRouter = ReturnType<typeof createBrowserRouter>;

/** core/common's texts (`core.`, `errors.`, `validation.`), which the server answers with too. */
const coreCommonTexts = jsonTexts((language) => import(`../../core/common/i18n/${language}.json`));

/**
 * Wires the browser console: plugins, texts (the chosen language's, loaded before it answers), tokens, the HTTP client,
 * the root store, the push socket and the router. The HTTP client and the store need each other (a refused refresh
 * ends the session), so the client reaches the store and the router through late-bound references.
 */
export async function createConsoleServices(systemInfo: SystemInfo, plugins: readonly ClientPlugin[]) {
  const runtime = registerClientPlugins(plugins, systemInfo);
  const i18n = await loadI18n([coreCommonTexts, coreClientTexts, ...runtime.texts], storedLanguage());
  const tokens = new TokenStore(localStorage, sessionStorage);
  const notifications = new NotificationCenter();
  const licensedRoutes = runtime.registry.list(routes).filter((route) => isLicensed(route.gate, systemInfo.licences));

  const late: { store?: RootStore; router?: ConsoleRouter } = {};
  const http = createHttpClient({
    tokens,
    language: () => late.store?.ui.language ?? storedLanguage(),
    translate: (key) => i18n.t(key),
    notify: notifications.notify,
    navigate: (path) => void late.router?.navigate(path),
    currentPath: () => window.location.pathname,
    routes: routeResolverOf(runtime, systemInfo.licences),
    onSessionExpired: () => late.store?.session.clear(),
  });
  const env = { http, tokens, i18n, preferences: localStorage };
  const pluginStores = new PluginStores(runtime.storeLoaders, env);
  const store = createRootStore(env, pluginStores);
  // A socket closed for an ended session: an authenticated call refreshes the tokens (reconnecting it) or ends the session.
  const push = new PushClient({ tokens, onSessionClosed: () => void http.get('auth/me').catch(() => undefined) });

  const router = createBrowserRouter(
    buildRouteTable(licensedRoutes, { session: store.session, tokens, sessionStorage, stores: pluginStores }),
  );
  Object.assign(late, { store, router });

  const services: ConsoleServices = { runtime, systemInfo, http, store, pluginStores, tokens, push, notifications };
  return { services, i18n, router };
}
