import { mergeClasses } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { SidebarGroup } from './sidebar-menu';
import { useSidebarStyles } from './sidebar-styles';

/** How long the floating submenu stays after the pointer leaves it (spec §9). */
export const FLOATING_SUBMENU_HIDE_DELAY_MS = 250;

/** The minified sidebar's submenu: the hovered group's title and items beside its icon. */
export function FloatingSubmenu(props: { group: SidebarGroup; top: number; onMouseEnter: () => void; onMouseLeave: () => void }) {
  const styles = useSidebarStyles();
  const { t } = useTranslation();
  const { group } = props;
  return (
    <div
      className={styles.floating}
      style={{ top: props.top }}
      onMouseEnter={props.onMouseEnter}
      onMouseLeave={props.onMouseLeave}
    >
      {group.url ? (
        <NavLink to={group.url} className={styles.floatingItem}>
          {t(group.titleKey)}
        </NavLink>
      ) : (
        <div className={styles.floatingTitle}>{t(group.titleKey)}</div>
      )}
      {group.items.map((item) => (
        <NavLink
          key={item.id}
          to={item.url}
          className={({ isActive }) => mergeClasses(styles.floatingItem, isActive && styles.itemActive)}
        >
          {t(item.titleKey)}
        </NavLink>
      ))}
    </div>
  );
}
