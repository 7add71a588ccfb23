import { PluginWiringError } from '@sensorium/core/common';
import type { AnyRouteDefinition } from '@sensorium/core/server';

export interface OwnedRoute {
  pluginId: string;
  route: AnyRouteDefinition;
}

/** The same path with other parameter names or a trailing slash is the same route to the router. */
function routeKey({ method, url }: OwnedRoute['route']): string {
  const path = url.replace(/:[^/]+/g, ':').replace(/\/+$/, '');
  return `${method} ${path || '/'}`;
}

/** Every API route of core and the plugins, refusing two owners for one method and path. */
export class RouteTable {
  private readonly byKey = new Map<string, OwnedRoute>();

  add(owned: OwnedRoute): void {
    const key = routeKey(owned.route);
    const existing = this.byKey.get(key);
    if (existing) {
      throw new PluginWiringError(
        `Plugins "${existing.pluginId}" and "${owned.pluginId}" both register ${owned.route.method} ${owned.route.url}; one of them must use another path`,
        owned.pluginId,
      );
    }
    this.byKey.set(key, owned);
  }

  list(): OwnedRoute[] {
    return [...this.byKey.values()];
  }
}
