import {
  BoardRegular,
  CallRegular,
  ContactCardRegular,
  DeveloperBoardRegular,
  PlugConnectedRegular,
  TaskListLtrRegular,
} from '@fluentui/react-icons';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { appPagePath, type AppMenuItemContribution, type GuardKind, type RouteContribution } from '@sensorium/core/client';
import type { UserLevel } from '@sensorium/core/common';

/** A page a header link may lead to: an application's page (`app/{app_id}/<page>`) or a page of the route table. */
export type HeaderLinkTarget = { appPage: string } | { path: string };

/** One of the header's per-application links (spec §2.2), with the pages it may lead to, the first one served winning. */
export interface HeaderLinkSlot {
  id: string;
  icon: ComponentType;
  targets: readonly HeaderLinkTarget[];
}

/**
 * The spec's links (§2.2: devices, dashboard, contacts, phone, plug-in, task list; the alarm bell is the applications
 * plugin's header action). Their targets are the route table's own paths (§2.1), which the spec does not tie to the
 * links; each is shown only while some plugin serves it. Devices: the Sensor Status overview everyone of the
 * application reads, else Node Management. Phone: the Notification History (the SMS, WhatsApp and voice calls made);
 * the contact list is Contacts. Task list: the Timer Mission Setting (the commands scheduled for devices), the nearest
 * page to a task list, since event tasks have no page of their own.
 */
export const HEADER_LINKS: readonly HeaderLinkSlot[] = [
  { id: 'devices', icon: DeveloperBoardRegular, targets: [{ appPage: 'sensor' }, { appPage: 'node-management' }] },
  { id: 'dashboard', icon: BoardRegular, targets: [{ appPage: 'dashboard/main' }] },
  { id: 'contacts', icon: ContactCardRegular, targets: [{ appPage: 'notification-client' }] },
  { id: 'phone', icon: CallRegular, targets: [{ appPage: 'notification-history' }] },
  { id: 'plugin', icon: PlugConnectedRegular, targets: [{ path: 'adapters/adapter_editor' }] },
  { id: 'tasks', icon: TaskListLtrRegular, targets: [{ appPage: 'timer-mission-setting' }] },
];

/** A header link as the header draws it. */
export interface HeaderLink {
  id: string;
  icon: ComponentType;
  /** i18n key of the link's name (shell.headerLinks.<id>). */
  labelKey: string;
  /** i18n key of the page it opens: its per-application menu item's title, else its route title. */
  pageTitleKey: string | undefined;
  href: string;
  /** Shown disabled: the user lacks the page's permission (spec §2.3: items without permission are disabled). */
  disabled: boolean;
}

export interface HeaderLinkContext {
  appId: string;
  /** The licensed route contributions (useContributions(routes)): a page nobody serves has no link. */
  routes: readonly RouteContribution[];
  /** The licensed per-application menu items: their requiredPermission gates the same page here. */
  appMenu: readonly AppMenuItemContribution[];
  permissions: readonly string[];
  level: UserLevel | null;
}

/** The levels each guard lets in (spec §6); `dashboard` also needs the dashboard permission. */
const GUARD_LEVELS: Partial<Record<GuardKind, readonly UserLevel[]>> = {
  admin: ['cloud', 'si-customer'],
  'system-admin': ['cloud', 'si-customer'],
};

/** Whether the user passes the page's guard and holds its permissions. */
function allowed(route: RouteContribution, menuItem: AppMenuItemContribution | undefined, context: HeaderLinkContext): boolean {
  const needed = [
    ...(route.customPermissions ?? []),
    ...(menuItem?.requiredPermission ? [menuItem.requiredPermission] : []),
    ...(route.guard === 'dashboard' ? ['dashboard'] : []),
  ];
  const levels = GUARD_LEVELS[route.guard];
  const levelOk = !levels || (context.level !== null && levels.includes(context.level));
  return levelOk && needed.every((key) => context.permissions.includes(key));
}

const parameterCount = (route: RouteContribution) => route.path.split('/').filter((part) => part.startsWith(':')).length;

/** The route serving `href`: of those whose pattern matches it, the most specific (fewest parameters), as the router. */
function routeOf(href: string, routes: readonly RouteContribution[]): RouteContribution | undefined {
  return routes
    .filter((route) => matchPath({ path: `/${route.path}`, end: true }, href) !== null)
    .sort((a, b) => parameterCount(a) - parameterCount(b))[0];
}

function resolve(slot: HeaderLinkSlot, context: HeaderLinkContext): HeaderLink | null {
  for (const target of slot.targets) {
    const href = 'appPage' in target ? appPagePath(context.appId, target.appPage) : `/${target.path}`;
    const route = routeOf(href, context.routes);
    if (!route) continue;
    const menuItem = 'appPage' in target ? context.appMenu.find((item) => item.path === target.appPage) : undefined;
    return {
      id: slot.id,
      icon: slot.icon,
      labelKey: `shell.headerLinks.${slot.id}`,
      pageTitleKey: menuItem?.titleKey ?? route.titleKey,
      href,
      disabled: !allowed(route, menuItem, context),
    };
  }
  return null;
}

/** The header links of an application, in the spec's order, each leading to the first of its pages that is served. */
export function headerLinks(slots: readonly HeaderLinkSlot[], context: HeaderLinkContext): HeaderLink[] {
  return slots.map((slot) => resolve(slot, context)).filter((link): link is HeaderLink => link !== null);
}
