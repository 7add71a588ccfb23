import { describe, expect, it } from 'vitest';
import {
  consoleRoutes,
  RouteResolver,
  type SidebarGroupContribution,
  type SidebarItemContribution,
} from '@sensorium/core/client';
import { buildSidebarMenu, initialMenuState, itemKey, searchMenu, toggleGroup, type SidebarGroup } from './sidebar-menu';

const Icon = () => null;
const groups: SidebarGroupContribution[] = [
  { id: 'diagnosis', titleKey: 'diagnosis', icon: Icon, order: 50 },
  { id: 'application-list', titleKey: 'applicationList', icon: Icon, order: 10, url: '/application/application-list' },
  { id: 'account-management', titleKey: 'accountManagement', icon: Icon, order: 20, customPermissions: [] },
  { id: 'customer-management', titleKey: 'customerManagement', icon: Icon, order: 30 },
  { id: 'secret', titleKey: 'secret', icon: Icon, order: 60, customPermissions: ['useredit'] },
];
const items: SidebarItemContribution[] = [
  { groupId: 'account-management', id: 'my-account', titleKey: 'myAccount', url: '/account-management/my-account', order: 3 },
  {
    groupId: 'account-management',
    id: 'users',
    titleKey: 'users',
    url: '/account-management/users',
    order: 1,
    customPermissions: ['useredit'],
  },
  {
    groupId: 'account-management',
    id: 'user-group',
    titleKey: 'userGroup',
    url: '/account-management/user-group',
    order: 2,
    customPermissions: ['useredit'],
  },
  {
    groupId: 'customer-management',
    id: 'end-customer',
    titleKey: 'endCustomer',
    url: '/customer-management/end-customer',
    order: 1,
    customPermissions: ['useredit'],
  },
  { groupId: 'diagnosis', id: 'raw', titleKey: 'rawData', url: '/app/{app_id}/raw-data?live=1', order: 2 },
  { groupId: 'diagnosis', id: 'audit', titleKey: 'auditHistory', url: '/diagnosis/audit-history', order: 1 },
  { groupId: 'secret', id: 'hidden', titleKey: 'hidden', url: '/secret', order: 1 },
];
const english: Record<string, string> = {
  diagnosis: 'Diagnosis',
  applicationList: 'Application List',
  accountManagement: 'Account Management',
  customerManagement: 'Customer Management',
  myAccount: 'My Account',
  users: 'User Management',
  userGroup: 'User Group',
  endCustomer: 'End Customer',
  rawData: 'Raw Data History',
  auditHistory: 'Audit History',
};
const translate = (key: string) => english[key] ?? key;

const menuFor = (permissions: string[], pathname = '/home') => buildSidebarMenu(groups, items, { permissions, pathname });
const visible = (menu: SidebarGroup[], state: ReturnType<typeof searchMenu>) =>
  menu
    .filter((group) => !state[group.id]?.hide)
    .map((group) => [group.id, group.items.filter((item) => !state[itemKey(group, item)]?.hide).map((item) => item.id)]);

describe('sidebar menu', () => {
  it('links a group to the page its route reference leads to, and leaves it out while nothing binds the reference', () => {
    const linked = [{ id: 'apps', titleKey: 'applicationList', icon: Icon, order: 1, ref: consoleRoutes.applicationList }];
    const list = { path: 'application/application-list', ref: consoleRoutes.applicationList, guard: 'auth' as const };
    const routes = new RouteResolver([
      { pluginId: 'applications', value: { ...list, load: async () => ({ default: Icon }) }, gate: {} },
    ]);
    expect(buildSidebarMenu(linked, [], { permissions: [], pathname: '/home', routes })).toMatchObject([
      { id: 'apps', url: '/application/application-list' },
    ]);
    expect(buildSidebarMenu(linked, [], { permissions: [], pathname: '/home', routes: new RouteResolver([]) })).toEqual([]);
  });

  it('orders groups and items, hides entries without their permissions and groups left empty', () => {
    const menu = menuFor([]);
    expect(menu.map((group) => [group.id, group.items.map((item) => item.id)])).toEqual([
      ['application-list', []],
      ['account-management', ['my-account']],
      ['diagnosis', ['audit', 'raw']],
    ]);
    expect(menuFor(['useredit']).map((group) => group.id)).toEqual([
      'application-list',
      'account-management',
      'customer-management',
      'diagnosis',
      'secret',
    ]);
    expect(menuFor(['useredit'])[1]?.items.map((item) => item.id)).toEqual(['users', 'user-group', 'my-account']);
  });

  it('fills {app_id} from the path and drops the query string', () => {
    const raw = (pathname: string) => menuFor([], pathname).find((group) => group.id === 'diagnosis')?.items[1]?.url;
    expect(raw('/app/plant_7/event-view')).toBe('/app/plant_7/raw-data');
    expect(raw('/home')).toBe('/app/{app_id}/raw-data');
  });

  it('starts with the group of the current page expanded', () => {
    const state = initialMenuState(menuFor([]), '/diagnosis/audit-history');
    expect(state['diagnosis']).toEqual({ state: 'expand', hide: false });
    expect(state['account-management']).toEqual({ state: '', hide: false });
  });

  it('toggles a group and collapses the others', () => {
    const menu = menuFor([]);
    const opened = toggleGroup(menu, initialMenuState(menu), 'diagnosis');
    expect(opened['diagnosis']?.state).toBe('expand');
    expect(opened['account-management']?.state).toBe('collapse');
    const switched = toggleGroup(menu, opened, 'account-management');
    expect(switched['diagnosis']?.state).toBe('collapse');
    expect(switched['account-management']?.state).toBe('expand');
    expect(toggleGroup(menu, switched, 'account-management')['account-management']?.state).toBe('collapse');
  });

  it('searches translated titles case-insensitively: matching items expand their group, the rest hide', () => {
    const menu = menuFor(['useredit']);
    const state = searchMenu(menu, 'USER', translate);
    expect(visible(menu, state)).toEqual([['account-management', ['users', 'user-group']]]);
    expect(state['account-management']?.state).toBe('expand');
    expect(state['diagnosis']).toEqual({ state: 'collapse', hide: true });
  });

  it('shows a whole group when its own title matches', () => {
    const menu = menuFor([]);
    expect(visible(menu, searchMenu(menu, 'diag', translate))).toEqual([['diagnosis', ['audit', 'raw']]]);
    expect(visible(menu, searchMenu(menu, 'application', translate))).toEqual([['application-list', []]]);
  });

  it('clearing the search shows everything again with an empty state', () => {
    const menu = menuFor(['useredit']);
    const cleared = searchMenu(menu, '  ', translate);
    expect(Object.values(cleared).every((entry) => entry.state === '' && !entry.hide)).toBe(true);
    expect(visible(menu, cleared)).toHaveLength(5);
  });
});
