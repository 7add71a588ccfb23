import { describe, expect, it } from 'vitest';
import { consoleRoutes, RouteResolver, type GuardKind, type RouteContribution, type RouteRef } from '@sensorium/core/client';
import { PERMISSIONS, type Contribution, type SessionUser, type UserLevel } from '@sensorium/core/common';
import { decideGuard, guardTargets, type GuardInput } from './guards';

const page = (pluginId: string, path: string, ref: RouteRef): Contribution<RouteContribution> => ({
  pluginId,
  value: { path, ref, guard: 'none', load: async () => ({ default: () => null }) },
  gate: {},
});
const pages = [
  page('account', 'auth/login', consoleRoutes.login),
  page('account', 'auth/session-expired', consoleRoutes.sessionExpired),
  page('account', 'auth/sign-up', consoleRoutes.signUp),
  page('shell', 'auth/no-permission', consoleRoutes.noPermission),
];
const targets = guardTargets(new RouteResolver(pages));

const user = (level: UserLevel, permissions: string[] = [...PERMISSIONS]): SessionUser => ({
  id: 'u1',
  username: 'alice',
  name: 'Alice',
  level,
  permissions,
  organisationId: null,
  endCustomerId: null,
});

const decide = (kind: GuardKind, overrides: Partial<GuardInput> = {}) =>
  decideGuard({ kind, user: null, search: new URLSearchParams(), verifiedEmail: null, targets, ...overrides });

describe('route guards (spec §6)', () => {
  it('sends a logged-in user away from login-type pages, and lets visitors in', () => {
    expect(decide('login-type', { user: user('cloud') })).toEqual({ type: 'redirect', to: '/' });
    expect(decide('login-type')).toEqual({ type: 'allow' });
  });

  it('asks visitors to log in on pages that need a session', () => {
    for (const kind of ['auth', 'admin', 'system-admin', 'dashboard'] as const) {
      expect(decide(kind)).toEqual({ type: 'redirect', to: '/auth/login' });
    }
    expect(decide('auth', { user: user('end-customer') })).toEqual({ type: 'allow' });
  });

  it('admin guard: cloud and si-customer pass, end customers go to the dashboards, unknown levels are logged out', () => {
    expect(decide('admin', { user: user('cloud') })).toEqual({ type: 'allow' });
    expect(decide('admin', { user: user('si-customer') })).toEqual({ type: 'allow' });
    expect(decide('admin', { user: user('end-customer') })).toEqual({ type: 'redirect', to: '/app/all/dashboard/main' });
    const stranger = { ...user('cloud'), level: 'visitor' } as unknown as SessionUser;
    expect(decide('admin', { user: stranger })).toEqual({ type: 'redirect', to: '/auth/session-expired', endSession: true });
  });

  it('system-admin guard checks every custom permission of the route', () => {
    const withoutUserEdit = user('si-customer', ['setting']);
    expect(decide('system-admin', { user: withoutUserEdit, customPermissions: ['useredit'] })).toEqual({
      type: 'redirect',
      to: '/auth/no-permission',
    });
    expect(decide('system-admin', { user: user('si-customer', ['useredit']), customPermissions: ['useredit'] })).toEqual({
      type: 'allow',
    });
    expect(decide('system-admin', { user: withoutUserEdit, customPermissions: [] })).toEqual({ type: 'allow' });
    expect(decide('system-admin', { user: withoutUserEdit })).toEqual({ type: 'allow' });
    expect(decide('system-admin', { user: user('end-customer'), customPermissions: ['useredit'] })).toEqual({
      type: 'redirect',
      to: '/app/all/dashboard/main',
    });
  });

  it('dashboard guard accepts a dashboard_token link without login and keeps it as the page token', () => {
    const search = new URLSearchParams('dashboard_token=shared-123');
    expect(decide('dashboard', { search })).toEqual({ type: 'allow', pageToken: 'shared-123' });
  });

  it('dashboard guard needs the dashboard permission from a logged-in user', () => {
    expect(decide('dashboard', { user: user('end-customer', ['dashboard']) })).toEqual({ type: 'allow' });
    expect(decide('dashboard', { user: user('cloud', ['event']) })).toEqual({ type: 'redirect', to: '/auth/no-permission' });
  });

  it('sign-up guard needs a verified e-mail in session storage', () => {
    expect(decide('sign-up')).toEqual({ type: 'redirect', to: '/auth/sign-up' });
    expect(decide('sign-up', { verifiedEmail: 'a@example.com' })).toEqual({ type: 'allow' });
  });

  it('lets anyone open unguarded pages', () => {
    expect(decide('none')).toEqual({ type: 'allow' });
  });

  it('sends users wherever the plugins bind the pages, and names a page nothing binds only when it is needed', () => {
    const moved = guardTargets(new RouteResolver([page('sso', 'auth/sign-in', consoleRoutes.login)]));
    expect(decide('auth', { targets: moved })).toEqual({ type: 'redirect', to: '/auth/sign-in' });
    expect(decide('auth', { targets: moved, user: user('cloud') })).toEqual({ type: 'allow' });
    expect(() => decide('sign-up', { targets: moved })).toThrow('"account.sign-up"');
  });
});
