import { Button, Caption1, Input, Tooltip, mergeClasses } from '@fluentui/react-components';
import {
  ChevronRightRegular,
  DismissRegular,
  PanelLeftContractRegular,
  PanelLeftExpandRegular,
  SearchRegular,
} from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import {
  sidebarGroups,
  sidebarItems,
  useContributions,
  useRootStore,
  useRouteResolver,
  useSessionUser,
  useSystemInfo,
} from '@sensorium/core/client';
import { MOBILE_QUERY, useMediaQuery } from '../use-media-query';
import { FloatingSubmenu, FLOATING_SUBMENU_HIDE_DELAY_MS } from './floating-submenu';
import {
  buildSidebarMenu,
  initialMenuState,
  isActiveUrl,
  itemKey,
  searchMenu,
  toggleGroup,
  type EntryState,
  type MenuState,
  type SidebarGroup,
} from './sidebar-menu';
import { useSidebarStyles } from './sidebar-styles';

/** sessionStorage key of the sidebar's scroll position (spec §2.4). */
export const SIDEBAR_SCROLL_KEY = 'sensorium.sidebarScroll';

const VISIBLE: EntryState = { state: '', hide: false };

/**
 * The sidebar (spec §2.4): Navigation heading, menu search, the groups and items plugins contribute,
 * a minify button (icons only, with a floating submenu on hover), a mobile drawer and the version label.
 */
export const Sidebar = observer(function Sidebar() {
  const styles = useSidebarStyles();
  const { t } = useTranslation();
  const { ui } = useRootStore();
  const { version } = useSystemInfo();
  const user = useSessionUser();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const minified = ui.sidebarMinified && !isMobile;

  const groups = useContributions(sidebarGroups);
  const items = useContributions(sidebarItems);
  const routes = useRouteResolver();
  const menu = useMemo(
    () => buildSidebarMenu(groups, items, { permissions: user?.permissions ?? [], pathname, routes }),
    [groups, items, user, pathname, routes],
  );

  const [query, setQuery] = useState('');
  const [state, setState] = useState<MenuState>(() => initialMenuState(menu, pathname));
  // A search follows the query, the language and the menu; clearing it resets every entry once.
  useEffect(() => {
    if (query.trim() !== '') setState(searchMenu(menu, query, t));
  }, [menu, query, t]);
  const search = (value: string) => {
    setQuery(value);
    if (value.trim() === '') setState(searchMenu(menu, '', t));
  };
  const entry = (key: string) => state[key] ?? VISIBLE;

  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const saved = Number(sessionStorage.getItem(SIDEBAR_SCROLL_KEY));
    if (scroller.current && saved > 0) scroller.current.scrollTop = saved;
  }, []);

  const [floating, setFloating] = useState<{ group: SidebarGroup; top: number } | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const keepFloating = () => clearTimeout(hideTimer.current);
  const hideFloatingSoon = () => {
    hideTimer.current = setTimeout(() => setFloating(null), FLOATING_SUBMENU_HIDE_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  useEffect(() => setFloating(null), [minified, pathname]);

  const visibleGroups = menu.filter((group) => !entry(group.id).hide);

  return (
    <nav
      className={mergeClasses(styles.sidebar, minified && styles.minified, ui.mobileSidebarOpen && styles.mobileOpen)}
      aria-label={t('shell.sidebar.heading')}
    >
      <div className={styles.panel}>
        {!minified && (
          <div className={styles.top}>
            <h2 className={styles.heading}>{t('shell.sidebar.heading')}</h2>
            <Input
              className={styles.search}
              value={query}
              placeholder={t('shell.sidebar.search')}
              aria-label={t('shell.sidebar.search')}
              contentBefore={<SearchRegular />}
              contentAfter={
                query ? (
                  <Button
                    size="small"
                    appearance="transparent"
                    icon={<DismissRegular />}
                    aria-label={t('shell.sidebar.clearSearch')}
                    onClick={() => search('')}
                  />
                ) : undefined
              }
              onChange={(_event, data) => search(data.value)}
            />
          </div>
        )}

        <div
          ref={scroller}
          className={styles.scroller}
          onScroll={(event) => sessionStorage.setItem(SIDEBAR_SCROLL_KEY, String(event.currentTarget.scrollTop))}
        >
          <ul className={styles.list}>
            {visibleGroups.map((group) => {
              const Icon = group.icon;
              const expanded = entry(group.id).state === 'expand';
              const active = group.url
                ? isActiveUrl(group.url, pathname)
                : group.items.some((item) => isActiveUrl(item.url, pathname));
              const rowClass = mergeClasses(
                styles.groupRow,
                active && styles.groupActive,
                active && (group.url !== undefined || minified) && styles.groupLinkActive,
                minified && styles.groupRowMinified,
              );
              const label = t(group.titleKey);
              const content = (
                <>
                  <span className={styles.icon} aria-hidden>
                    <Icon />
                  </span>
                  {!minified && <span className={styles.label}>{label}</span>}
                  {!minified && !group.url && (
                    <ChevronRightRegular className={mergeClasses(styles.chevron, expanded && styles.chevronOpen)} aria-hidden />
                  )}
                </>
              );
              return (
                <li
                  key={group.id}
                  onMouseEnter={
                    minified
                      ? (event) => {
                          keepFloating();
                          setFloating({ group, top: event.currentTarget.getBoundingClientRect().top });
                        }
                      : undefined
                  }
                  onMouseLeave={minified ? hideFloatingSoon : undefined}
                >
                  {group.url ? (
                    <NavLink to={group.url} className={rowClass} aria-label={minified ? label : undefined}>
                      {content}
                    </NavLink>
                  ) : (
                    <button
                      type="button"
                      className={rowClass}
                      aria-expanded={minified ? undefined : expanded}
                      aria-label={minified ? label : undefined}
                      onClick={() => setState((current) => toggleGroup(menu, current, group.id))}
                    >
                      {content}
                    </button>
                  )}
                  {!minified && !group.url && expanded && (
                    <ul className={styles.items}>
                      {group.items
                        .filter((item) => !entry(itemKey(group, item)).hide)
                        .map((item) => (
                          <li key={item.id}>
                            <NavLink
                              to={item.url}
                              className={({ isActive }) => mergeClasses(styles.item, isActive && styles.itemActive)}
                            >
                              {t(item.titleKey)}
                            </NavLink>
                          </li>
                        ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
          {visibleGroups.length === 0 && <Caption1 className={styles.noMatch}>{t('shell.sidebar.noMatch')}</Caption1>}
        </div>

        <div className={mergeClasses(styles.footer, minified && styles.footerMinified)}>
          {!isMobile && (
            <Tooltip
              content={t(minified ? 'shell.sidebar.expand' : 'shell.sidebar.minify')}
              relationship="label"
              positioning="after"
            >
              <Button
                appearance="subtle"
                icon={minified ? <PanelLeftExpandRegular /> : <PanelLeftContractRegular />}
                onClick={() => ui.toggleSidebarMinified()}
              />
            </Tooltip>
          )}
          <Caption1 className={styles.version}>{t('shell.sidebar.version', { version })}</Caption1>
        </div>
      </div>

      {minified && floating && (
        <FloatingSubmenu group={floating.group} top={floating.top} onMouseEnter={keepFloating} onMouseLeave={hideFloatingSoon} />
      )}
    </nav>
  );
});
