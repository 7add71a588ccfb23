import { describe, expect, it } from 'vitest';
import { PluginWiringError, type Contribution } from '@sensorium/core/common';
import type { RouteContribution } from './extension-points';
import { appPagePath, appRouteRef, consoleRoutes, createRouteRef, RouteResolver, UnboundRouteRefError } from './route-refs';

const page = (pluginId: string, path: string, ref?: RouteContribution['ref']): Contribution<RouteContribution> => ({
  pluginId,
  value: { path, ref, guard: 'none', load: async () => ({ default: () => null }) },
  gate: {},
});

describe('route references', () => {
  const verification = createRouteRef<'token'>('account.email-verification');
  const resolver = new RouteResolver([
    page('account', 'auth/login', consoleRoutes.login),
    page('account', 'auth/email-verification/:token', verification),
    page('applications', 'application/application-list', consoleRoutes.applicationList),
    page('applications', 'app/:app_id/setting', appRouteRef('setting')),
    page('events', 'app/:app_id/event-view'),
  ]);

  it('lead to the path the owning plugin binds them to, with their parameters filled in', () => {
    expect(resolver.path(consoleRoutes.login)).toBe('/auth/login');
    expect(resolver.path(consoleRoutes.applicationList)).toBe('/application/application-list');
    expect(resolver.path(verification, { token: 'a b/c' })).toBe('/auth/email-verification/a%20b%2Fc');
    expect(resolver.has(consoleRoutes.login)).toBe(true);
  });

  it('fail loudly, naming the reference, when nothing binds it or a parameter is missing', () => {
    expect(resolver.has(consoleRoutes.signUp)).toBe(false);
    expect(() => resolver.path(consoleRoutes.signUp)).toThrow(UnboundRouteRefError);
    expect(() => resolver.path(consoleRoutes.signUp)).toThrow('No page is bound to the route reference "account.sign-up"');
    expect(() => resolver.path(verification, {} as { token: string })).toThrow(
      'The route reference "account.email-verification" needs the parameter "token"',
    );
  });

  it('reach per-application pages at app/{app_id}/… whether or not a plugin binds them', () => {
    expect(resolver.path(appRouteRef('event-view'), { app_id: 'plant 1' })).toBe('/app/plant%201/event-view');
    expect(resolver.path(appRouteRef('/setting'), { app_id: 'p' })).toBe('/app/p/setting');
    expect(new RouteResolver([]).has(appRouteRef('dashboard/main'))).toBe(true);
    expect(appPagePath('all', 'dashboard/main')).toBe('/app/all/dashboard/main');
  });

  it('refuse two plugins binding one reference, or a per-application reference bound elsewhere, naming the plugin', () => {
    const twice = () =>
      new RouteResolver([page('account', 'auth/login', consoleRoutes.login), page('sso', 'sso/login', consoleRoutes.login)]);
    expect(twice).toThrow(PluginWiringError);
    expect(twice).toThrow('Plugins "account" and "sso" both bind the route reference "account.login"');
    expect(() => new RouteResolver([page('events', 'events', appRouteRef('event-view'))])).toThrow(
      'Plugin "events" binds the route reference "app.event-view" to "events", but it is fixed at "app/:app_id/event-view"',
    );
  });

  it('have ids that name their owner and page', () => {
    expect(() => createRouteRef('login')).toThrow('must look like "owner.page"');
  });
});
