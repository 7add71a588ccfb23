import type { ComponentType } from 'react';
import { menuUrl, type RouteResolver, type SidebarGroupContribution, type SidebarItemContribution } from '@sensorium/core/client';

/** The sidebar's pure logic (spec §3 Menu item, §4 Menu item state): building, toggling and searching the menu. */

export interface SidebarItem {
  id: string;
  titleKey: string;
  /** `{app_id}` filled in and query string dropped. */
  url: string;
}

export interface SidebarGroup {
  id: string;
  titleKey: string;
  icon: ComponentType;
  /** A group with a url is a plain link. */
  url?: string;
  items: SidebarItem[];
}

/** A menu entry's state: `''` initially, `expand` or `collapse` once toggled or searched; `hide` while searching. */
export type ExpandState = '' | 'expand' | 'collapse';
export interface EntryState {
  state: ExpandState;
  hide: boolean;
}
/** Keyed by group id, and by `groupId/itemId` for sub-items. */
export type MenuState = Readonly<Record<string, EntryState>>;

export const itemKey = (group: SidebarGroup, item: SidebarItem) => `${group.id}/${item.id}`;

const holdsAll = (permissions: readonly string[], required: readonly string[] | undefined) =>
  (required ?? []).every((key) => permissions.includes(key));

/** A group's link: its url, or the path of the page its route reference leads to (none while nothing binds it). */
function groupUrl(group: SidebarGroupContribution, routes: RouteResolver | undefined): string | undefined {
  if (!group.ref) return group.url;
  return routes?.has(group.ref) ? routes.path(group.ref) : undefined;
}

/**
 * The groups and items the user sees, in order: entries lacking a customPermission are left out, and a group
 * without a url and without visible items is left out too.
 */
export function buildSidebarMenu(
  groups: readonly SidebarGroupContribution[],
  items: readonly SidebarItemContribution[],
  context: { permissions: readonly string[]; pathname: string; routes?: RouteResolver },
): SidebarGroup[] {
  const byOrder = <T extends { order: number }>(list: readonly T[]) => [...list].sort((a, b) => a.order - b.order);
  return byOrder(groups)
    .filter((group) => holdsAll(context.permissions, group.customPermissions))
    .map((group) => {
      const url = groupUrl(group, context.routes);
      return {
        id: group.id,
        titleKey: group.titleKey,
        icon: group.icon,
        url: url === undefined ? undefined : menuUrl(url, context.pathname),
        items: byOrder(items.filter((item) => item.groupId === group.id))
          .filter((item) => holdsAll(context.permissions, item.customPermissions))
          .map((item) => ({ id: item.id, titleKey: item.titleKey, url: menuUrl(item.url, context.pathname) })),
      };
    })
    .filter((group) => group.url !== undefined || group.items.length > 0);
}

/** Every entry visible with an empty state; the group holding the current page starts expanded. */
export function initialMenuState(menu: readonly SidebarGroup[], pathname = ''): MenuState {
  const state: Record<string, EntryState> = {};
  for (const group of menu) {
    const active = group.items.some((item) => isActiveUrl(item.url, pathname));
    state[group.id] = { state: active ? 'expand' : '', hide: false };
    for (const item of group.items) state[itemKey(group, item)] = { state: '', hide: false };
  }
  return state;
}

/** Clicking a group toggles it and collapses every other group. */
export function toggleGroup(menu: readonly SidebarGroup[], current: MenuState, groupId: string): MenuState {
  const next: Record<string, EntryState> = { ...current };
  for (const group of menu) {
    const entry = current[group.id] ?? { state: '', hide: false };
    const state: ExpandState = group.id === groupId ? (entry.state === 'expand' ? 'collapse' : 'expand') : 'collapse';
    next[group.id] = { ...entry, state };
  }
  return next;
}

/**
 * Case-insensitive search over the translated titles of groups and their items. A matching group shows with all
 * its items; otherwise a group shows, expanded, with just its matching items; the rest hide.
 * An empty query resets every entry to visible with an empty state.
 */
export function searchMenu(menu: readonly SidebarGroup[], query: string, translate: (key: string) => string): MenuState {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') {
    const reset: Record<string, EntryState> = {};
    for (const group of menu) {
      reset[group.id] = { state: '', hide: false };
      for (const item of group.items) reset[itemKey(group, item)] = { state: '', hide: false };
    }
    return reset;
  }
  const matches = (key: string) => translate(key).toLocaleLowerCase().includes(needle);
  const state: Record<string, EntryState> = {};
  for (const group of menu) {
    const groupMatches = matches(group.titleKey);
    const matchingItems = new Set(group.items.filter((item) => groupMatches || matches(item.titleKey)).map((item) => item.id));
    const visible = groupMatches || matchingItems.size > 0;
    state[group.id] = { state: visible ? 'expand' : 'collapse', hide: !visible };
    for (const item of group.items) state[itemKey(group, item)] = { state: '', hide: !matchingItems.has(item.id) };
  }
  return state;
}

/** Whether a menu url is the page being shown (or a page below it). */
export function isActiveUrl(url: string, pathname: string): boolean {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed !== '' && (pathname === trimmed || pathname.startsWith(`${trimmed}/`));
}
