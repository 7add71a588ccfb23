import { PluginWiringError, type Contribution } from '@sensorium/core/common';
import type { RouteContribution } from './extension-points';

/**
 * A reference to a page that some plugin owns (in the style of Backstage's route refs): code elsewhere links to the
 * reference, and the owning plugin binds it with the `ref` of its `routes` contribution, so no one else hard-codes the
 * page's path. `Params` names the path parameters (`:token` in `auth/email-verification/:token`).
 */
export interface RouteRef<Params extends string = never> {
  readonly id: string;
  /** A path template fixed by convention (per-application pages); such a reference needs no binding. */
  readonly template?: string;
  /** Phantom field carrying the parameter names; never set at run time. */
  readonly __params?: Params;
}

export function createRouteRef<Params extends string = never>(id: string): RouteRef<Params> {
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(id)) throw new Error(`Route reference id "${id}" must look like "owner.page"`);
  return { id };
}

/**
 * The page `page` of an application, at `app/{app_id}/<page>` (spec §2.3: every per-application page lives there), e.g.
 * `appRouteRef('event-view')`. It resolves with `{ app_id }` whichever plugin serves the page.
 */
export function appRouteRef(page: string): RouteRef<'app_id'> {
  const trimmed = page.replace(/^\/+|\/+$/g, '');
  return { id: `app.${trimmed}`, template: `app/:app_id/${trimmed}` };
}

/** The path of an application's page: `appPagePath('plant 1', 'dashboard/main')` is `/app/plant%201/dashboard/main`. */
export function appPagePath(appId: string, page: string): string {
  const ref = appRouteRef(page);
  return fill(ref.id, ref.template!, { app_id: appId });
}

/** The pages the console's frame (header, guards, redirects) links to; the plugins that own them bind them. */
export const consoleRoutes = {
  /** The login page (account). */
  login: createRouteRef('account.login'),
  /** The login page shown when the session could not be refreshed (account). */
  sessionExpired: createRouteRef('account.session-expired'),
  /** The first page of the sign-up flow (account, with the sign-up licence). */
  signUp: createRouteRef('account.sign-up'),
  /** The signed-in user's own account page (users). */
  myAccount: createRouteRef('account.my-account'),
  /** The 403 page (shell). */
  noPermission: createRouteRef('shell.no-permission'),
  /** The 404 page (shell). */
  notFound: createRouteRef('shell.not-found'),
  /** The application list, the console's home (applications). */
  applicationList: createRouteRef('applications.list'),
} as const;

/** The values of a reference's path parameters; nothing for a reference without any. */
export type RouteParams<R> = R extends RouteRef<infer P> ? ([P] extends [never] ? [] : [params: Record<P, string>]) : never;

/** Raised when a page is asked for by a reference no installed plugin binds. */
export class UnboundRouteRefError extends Error {
  constructor(readonly refId: string) {
    super(`No page is bound to the route reference "${refId}": install and enable the plugin that serves it`);
    this.name = 'UnboundRouteRefError';
  }
}

/** Fills `:name` parameters of a path template; the result starts with a slash. */
function fill(refId: string, template: string, params: Record<string, string> = {}): string {
  const path = template.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The route reference "${refId}" needs the parameter "${name}"`);
    return encodeURIComponent(value);
  });
  return `/${path.replace(/^\/+/, '')}`;
}

/** Where each reference leads, from the (licensed) route contributions that bind them. */
export class RouteResolver {
  private readonly bound = new Map<string, { path: string; pluginId: string }>();

  constructor(contributions: readonly Contribution<RouteContribution>[]) {
    for (const { pluginId, value } of contributions) {
      const ref = value.ref;
      if (!ref) continue;
      if (ref.template !== undefined && ref.template !== value.path) {
        throw new PluginWiringError(
          `Plugin "${pluginId}" binds the route reference "${ref.id}" to "${value.path}", but it is fixed at "${ref.template}"`,
          pluginId,
        );
      }
      const owner = this.bound.get(ref.id);
      if (owner) {
        throw new PluginWiringError(
          `Plugins "${owner.pluginId}" and "${pluginId}" both bind the route reference "${ref.id}"; remove one of them`,
          pluginId,
        );
      }
      this.bound.set(ref.id, { path: value.path, pluginId });
    }
  }

  /** Whether the reference leads somewhere (a plugin binds it, or its path is fixed by convention). */
  has(ref: RouteRef<string>): boolean {
    return ref.template !== undefined || this.bound.has(ref.id);
  }

  /** The path of the referenced page with its parameters filled in; throws naming the reference when nothing binds it. */
  path<R extends RouteRef<string>>(ref: R, ...params: RouteParams<R>): string {
    const template = this.bound.get(ref.id)?.path ?? ref.template;
    if (template === undefined) throw new UnboundRouteRefError(ref.id);
    return fill(ref.id, template, params[0] as Record<string, string> | undefined);
  }
}
