import {
  Button,
  Menu,
  MenuButton,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { appMenuItems, routes, useContributions, useSession } from '@sensorium/core/client';
import { HEADER_LINKS, headerLinks, type HeaderLink } from './header-links';

/**
 * Where the links fold into one overflow menu: on narrow tablets, and beside the inline per-application menu until it has
 * room. On phones they leave the header to the switcher and join the per-application menu (HeaderLinkMenuItems).
 */
const FOLDED = [
  '@media (min-width: 768px) and (max-width: 899px)',
  '@media (min-width: 1200px) and (max-width: 1535px)',
] as const;
const PHONE = '@media (max-width: 767px)';

const useStyles = makeStyles({
  // The switcher, bell and user menu stay in view: the six icons take the room only where the header has it.
  inline: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    [FOLDED[0]]: { display: 'none' },
    [FOLDED[1]]: { display: 'none' },
  },
  overflow: { display: 'none', [FOLDED[0]]: { display: 'inline-flex' }, [FOLDED[1]]: { display: 'inline-flex' } },
  bar: { [PHONE]: { display: 'none' } },
  icon: { minWidth: 'auto' },
  active: { color: tokens.colorBrandForeground1 },
});

/**
 * The header's per-application links (spec §2.2), inside /app/{id}/…: an icon each with its name as tooltip and
 * accessible name, disabled without the page's permission; absent while no plugin serves the page (its licence off).
 * Where the header is short of room (FOLDED) they are one overflow menu instead.
 */
function useHeaderLinks(appId: string) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const links = headerLinks(HEADER_LINKS, {
    appId,
    routes: useContributions(routes),
    appMenu: useContributions(appMenuItems),
    permissions: session.user?.permissions ?? [],
    level: session.user?.level ?? null,
  });
  const name = (link: HeaderLink) =>
    link.pageTitleKey ? t('shell.headerLinks.tooltip', { link: t(link.labelKey), page: t(link.pageTitleKey) }) : t(link.labelKey);
  const isCurrent = (link: HeaderLink) => pathname === link.href || pathname.startsWith(`${link.href}/`);
  return { links, name, isCurrent };
}

/** The links as menu items, for a menu that holds them where the header has no room for their own (on phones). */
export const HeaderLinkMenuItems = observer(function HeaderLinkMenuItems({ appId }: { appId: string }) {
  const navigate = useNavigate();
  const { links, name } = useHeaderLinks(appId);
  return links.map((link) => (
    <MenuItem
      key={link.id}
      icon={<link.icon />}
      disabled={link.disabled}
      data-header-link={link.id}
      onClick={() => void navigate(link.href)}
    >
      {name(link)}
    </MenuItem>
  ));
});

export const HeaderLinks = observer(function HeaderLinks({ appId }: { appId: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { links, name, isCurrent } = useHeaderLinks(appId);
  if (links.length === 0) return null;

  return (
    <nav aria-label={t('shell.headerLinks.label')} className={styles.bar}>
      <div className={styles.inline}>
        {links.map((link) => (
          <Tooltip key={link.id} content={name(link)} relationship="label" withArrow>
            <Button
              appearance="subtle"
              className={mergeClasses(styles.icon, isCurrent(link) && styles.active)}
              icon={<link.icon />}
              disabled={link.disabled}
              aria-current={isCurrent(link) ? 'page' : undefined}
              data-header-link={link.id}
              onClick={() => void navigate(link.href)}
            />
          </Tooltip>
        ))}
      </div>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Tooltip content={t('shell.headerLinks.more')} relationship="label">
            <MenuButton className={styles.overflow} appearance="subtle" icon={<MoreHorizontalRegular />} menuIcon={null} />
          </Tooltip>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <HeaderLinkMenuItems appId={appId} />
          </MenuList>
        </MenuPopover>
      </Menu>
    </nav>
  );
});
