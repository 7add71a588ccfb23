import { describe, expect, it } from 'vitest';
import type { AppMenuItemContribution, GuardKind, RouteContribution } from '@sensorium/core/client';
import type { UserLevel } from '@sensorium/core/common';
import { HEADER_LINKS, headerLinks, type HeaderLinkContext } from './header-links';

const page = async () => ({ default: () => null });
const route = (path: string, guard: GuardKind = 'auth', customPermissions?: string[]): RouteContribution => ({
  path,
  load: page,
  guard,
  titleKey: `title.${path}`,
  ...(customPermissions ? { customPermissions } : {}),
});
const menuItem = (path: string, requiredPermission?: string): AppMenuItemContribution => ({
  id: path,
  titleKey: `menu.${path}`,
  path,
  order: 1,
  ...(requiredPermission ? { requiredPermission } : {}),
});

/** Every page the links may open, served, with the menu items that gate them as the plugins contribute them. */
const everything = {
  routes: [
    route('app/:app_id/sensor'),
    route('app/:app_id/node-management'),
    // The dashboards plugin serves every dashboard of an application by one pattern.
    route('app/:app_id/dashboard/:dashboard_id', 'dashboard'),
    route('app/:app_id/notification-client'),
    route('app/:app_id/notification-history'),
    route('adapters/adapter_editor', 'system-admin', ['setting']),
    route('app/:app_id/timer-mission-setting'),
  ],
  appMenu: [
    menuItem('sensor'),
    menuItem('node-management', 'nodemanagement'),
    menuItem('dashboard/main'),
    menuItem('notification-client', 'notificationsetting'),
    menuItem('notification-history', 'notificationsetting'),
    menuItem('timer-mission-setting', 'schedulesetting'),
  ],
};
const ALL = ['dashboard', 'notificationsetting', 'setting', 'schedulesetting', 'nodemanagement'];

const links = (context: Partial<HeaderLinkContext> & { level?: UserLevel | null } = {}) =>
  headerLinks(HEADER_LINKS, { appId: 'plant 1', permissions: ALL, level: 'cloud', ...everything, ...context });
const summary = (list: ReturnType<typeof links>) =>
  list.map((link) => `${link.id} ${link.href}${link.disabled ? ' (disabled)' : ''}`);

describe('header per-application links', () => {
  it('lead to their pages inside the current application, in the spec order', () => {
    expect(summary(links())).toEqual([
      'devices /app/plant%201/sensor',
      'dashboard /app/plant%201/dashboard/main',
      'contacts /app/plant%201/notification-client',
      'phone /app/plant%201/notification-history',
      'plugin /adapters/adapter_editor',
      'tasks /app/plant%201/timer-mission-setting',
    ]);
    expect(links()[0]).toMatchObject({ labelKey: 'shell.headerLinks.devices', pageTitleKey: 'menu.sensor' });
    expect(links()[4]).toMatchObject({ pageTitleKey: 'title.adapters/adapter_editor' });
  });

  it('are disabled without the permission of the page they open (its menu item, route or guard)', () => {
    expect(summary(links({ permissions: [] }))).toEqual([
      'devices /app/plant%201/sensor',
      'dashboard /app/plant%201/dashboard/main (disabled)',
      'contacts /app/plant%201/notification-client (disabled)',
      'phone /app/plant%201/notification-history (disabled)',
      'plugin /adapters/adapter_editor (disabled)',
      'tasks /app/plant%201/timer-mission-setting (disabled)',
    ]);
    const endCustomer = links({ level: 'end-customer' });
    expect(endCustomer.find((link) => link.id === 'plugin')?.disabled).toBe(true);
    expect(endCustomer.find((link) => link.id === 'contacts')?.disabled).toBe(false);
  });

  it('are absent while no plugin serves their page (its licence off), and devices falls back to Node Management', () => {
    const served = everything.routes.filter(
      (candidate) =>
        !['app/:app_id/sensor', 'app/:app_id/dashboard/:dashboard_id', 'adapters/adapter_editor'].includes(candidate.path),
    );
    expect(summary(links({ routes: served, permissions: ['notificationsetting'] }))).toEqual([
      'devices /app/plant%201/node-management (disabled)',
      'contacts /app/plant%201/notification-client',
      'phone /app/plant%201/notification-history',
      'tasks /app/plant%201/timer-mission-setting (disabled)',
    ]);
    expect(links({ routes: [] })).toEqual([]);
  });
});
