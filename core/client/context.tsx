import type { IAnyModelType, Instance } from 'mobx-state-tree';
import { reaction } from 'mobx';
import {
  createContext,
  use,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  hasLicence,
  isLicensed,
  resolveFor,
  type ExtensionPoint,
  type SessionUser,
  type SystemInfo,
  type Token,
} from '@sensorium/core/common';
import { routes } from './extension-points';
import type { HttpClient } from './http';
import type { NotificationCenter, Notify } from './notifications';
import type { PushClient, PushHandler } from './push';
import { visibleContributions, type ClientRuntime } from './registry';
import { RouteResolver, type RouteParams, type RouteRef } from './route-refs';
import type { PluginStores } from './store/plugin-stores';
import type { RootStore } from './store/root-store';
import type { SessionStore } from './store/session-store';
import type { TokenStore } from './token-store';

/** The services of a running console, provided once at the top of the React tree. */
export interface ConsoleServices {
  runtime: ClientRuntime;
  systemInfo: SystemInfo;
  http: HttpClient;
  store: RootStore;
  pluginStores: PluginStores;
  tokens: TokenStore;
  push: PushClient;
  notifications: NotificationCenter;
}

const ConsoleContext = createContext<ConsoleServices | null>(null);

export function ConsoleProvider({ services, children }: { services: ConsoleServices; children: ReactNode }) {
  return <ConsoleContext.Provider value={services}>{children}</ConsoleContext.Provider>;
}

export function useConsole(): ConsoleServices {
  const services = useContext(ConsoleContext);
  if (!services) throw new Error('Sensorium hooks must be used inside <ConsoleProvider>');
  return services;
}

export function useSystemInfo(): SystemInfo {
  return useConsole().systemInfo;
}

export function useHttp(): HttpClient {
  return useConsole().http;
}

export function useRootStore(): RootStore {
  return useConsole().store;
}

/** The session store (user, login, logout, permissions). Read it inside an observer() component to re-render on change. */
export function useSession(): SessionStore {
  return useConsole().store.session;
}

/**
 * A plugin's own store, added with addStore. The first component asking for it suspends while its model loads: the
 * nearest Suspense boundary (the lazy route's, a lazyComponent's) shows its fallback meanwhile.
 */
export function usePluginStore<M extends IAnyModelType>(name: string): Instance<M> {
  const { pluginStores } = useConsole();
  return (pluginStores.get(name) ?? use(pluginStores.load(name))) as Instance<M>;
}

/** A service some plugin provided, e.g. a plugin's API client. */
export function useService<T>(token: Token<T>): T {
  return resolveFor(useConsole().runtime.container, 'console', token);
}

/** Whether a licence key is on in this deployment (SystemInfo.licences). */
export function useLicence(key: string): boolean {
  return hasLicence(useConsole().systemInfo.licences, key);
}

export function useNotify(): Notify {
  return useConsole().notifications.notify;
}

/** The signed-in user; the calling component re-renders when it changes, observer() or not. */
export function useSessionUser(): SessionUser | null {
  const session = useSession();
  const subscribe = useCallback((onChange: () => void) => reaction(() => session.user, onChange), [session]);
  return useSyncExternalStore(subscribe, () => session.user);
}

/** The contributions to a point that are licensed and, where the gate names a permission, permitted for the user. */
export function useContributions<T>(point: ExtensionPoint<T>): T[] {
  const { runtime, systemInfo } = useConsole();
  const user = useSessionUser();
  return useMemo(
    () => visibleContributions(runtime.registry, point, { licences: systemInfo.licences, user }),
    [runtime, systemInfo, point, user],
  );
}

/**
 * Listens to one push topic on the console's WebSocket while the component is mounted; with `key` (an application id)
 * it subscribes to that key's messages of a keyed topic such as `node-values`.
 */
export function usePush<T = unknown>(topic: string, handler: PushHandler<T>, key?: string): void {
  const { push } = useConsole();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => push.subscribe<T>(topic, (data, message) => latest.current(data, message), key), [push, topic, key]);
}

const resolvers = new WeakMap<ClientRuntime, RouteResolver>();

/** The route references of the running console, bound by the licensed `routes` contributions (the pages the router has). */
export function routeResolverOf(runtime: ClientRuntime, licences: SystemInfo['licences']): RouteResolver {
  let resolver = resolvers.get(runtime);
  if (!resolver) {
    resolver = new RouteResolver(runtime.registry.list(routes).filter((route) => isLicensed(route.gate, licences)));
    resolvers.set(runtime, resolver);
  }
  return resolver;
}

export function useRouteResolver(): RouteResolver {
  const { runtime, systemInfo } = useConsole();
  return routeResolverOf(runtime, systemInfo.licences);
}

/** The path of a referenced page (`useRouteRef(consoleRoutes.login)`); throws naming the reference when nothing binds it. */
export function useRouteRef<R extends RouteRef<string>>(ref: R, ...params: RouteParams<R>): string {
  return useRouteResolver().path(ref, ...params);
}
