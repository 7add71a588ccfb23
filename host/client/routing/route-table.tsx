import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import {
  RouteResolver,
  appPagePath,
  consoleRoutes,
  type PluginStores,
  type RouteContribution,
  type SessionStore,
  type StorageLike,
  type TokenStore,
} from '@sensorium/core/client';
import { PluginWiringError, isPermitted, type Contribution } from '@sensorium/core/common';
import { VERIFIED_EMAIL_KEY, decideGuard, guardTargets, type GuardTargets } from './guards';
import { RootFrame, RouteErrorPage } from './root-frame';
import { NavigationProgress } from './navigation-progress';

/** What a matched route tells the frame around it (read with useMatches). */
export interface RouteHandle {
  titleKey?: string;
}

export interface RouteTableContext {
  session: SessionStore;
  tokens: TokenStore;
  /** Where the sign-up flow keeps the verified e-mail (sessionStorage in the browser). */
  sessionStorage: StorageLike;
  /** The plugins' stores, for the routes' prefetch. */
  stores: Pick<PluginStores, 'load'>;
}

/** Pages under auth/ and public/ stand alone; every other page sits inside the header and sidebar. */
export function usesShellLayout(path: string): boolean {
  return !/^(auth|public)(\/|$)/.test(path);
}

function guardLoader(contribution: Contribution<RouteContribution>, context: RouteTableContext, targets: GuardTargets) {
  const route = contribution.value;
  return async ({ request, params }: LoaderFunctionArgs) => {
    await context.session.restore();
    const user = context.session.user;
    const decision = decideGuard({
      kind: route.guard,
      user,
      search: new URL(request.url).searchParams,
      customPermissions: route.customPermissions,
      verifiedEmail: context.sessionStorage.getItem(VERIFIED_EMAIL_KEY),
      targets,
    });
    if (decision.type === 'redirect') {
      if (decision.endSession) await context.session.logout();
      return redirect(decision.to);
    }
    // A permission in the route's gate is one more condition, for pages not reached through a shared link.
    if (!decision.pageToken && !isPermitted(contribution.gate, user)) return redirect(targets.noPermission);
    if (decision.pageToken) context.tokens.setPageToken(decision.pageToken);
    // Not awaited: the page renders meanwhile and shows the request's state from its store.
    route.prefetch?.({ params, stores: context.stores }).catch(() => undefined);
    return null;
  };
}

function pageRoute(
  contribution: Contribution<RouteContribution>,
  context: RouteTableContext,
  targets: GuardTargets,
): RouteObject {
  const route = contribution.value;
  return {
    path: route.path,
    handle: { titleKey: route.titleKey } satisfies RouteHandle,
    loader: guardLoader(contribution, context, targets),
    lazy: async () => ({ Component: (await route.load()).default }),
  };
}

// Redirect-only routes carry `element: null`: their loader always redirects, so nothing renders.

/**
 * The route table of spec §2.1: the plugins' `routes` contributions (already licence-filtered) plus the shell's
 * redirects: '' and home → the application list, app/:app_id → its event view, unknown paths → the application list.
 * Two plugins claiming one path is a wiring error naming both.
 */
export function buildRouteTable(
  contributions: readonly Contribution<RouteContribution>[],
  context: RouteTableContext,
): RouteObject[] {
  const claimed = new Map<string, string>();
  for (const { pluginId, value } of contributions) {
    const owner = claimed.get(value.path);
    if (owner) {
      throw new PluginWiringError(
        `Plugins "${owner}" and "${pluginId}" both add the route "${value.path}"; remove one of them`,
        pluginId,
      );
    }
    claimed.set(value.path, pluginId);
  }
  const refs = new RouteResolver(contributions);
  const targets = guardTargets(refs);
  const page = (contribution: Contribution<RouteContribution>) => pageRoute(contribution, context, targets);
  const bare = contributions.filter((contribution) => !usesShellLayout(contribution.value.path));
  const framed = contributions.filter((contribution) => usesShellLayout(contribution.value.path));
  // Without a plugin serving the application list, home and unknown paths show the 404 page rather than bounce between
  // redirects.
  const applicationList = refs.has(consoleRoutes.applicationList) ? refs.path(consoleRoutes.applicationList) : null;
  const home = applicationList
    ? { element: null, loader: () => redirect(applicationList) }
    : { lazy: async () => ({ Component: (await import('../pages/not-found-page')).default }) };

  return [
    {
      element: <RootFrame />,
      hydrateFallbackElement: <NavigationProgress />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, ...home },
        { path: 'home', ...home },
        {
          path: 'app/:app_id',
          element: null,
          loader: ({ params }) => redirect(appPagePath(params.app_id ?? '', 'event-view')),
        },
        ...bare.map(page),
        // The header and sidebar load with the first page inside them (in parallel with its code), not before a
        // login or public page.
        { lazy: async () => ({ Component: (await import('../layout/shell-layout')).ShellLayout }), children: framed.map(page) },
        { path: '*', ...home },
      ],
    },
  ];
}
