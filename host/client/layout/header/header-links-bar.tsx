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

const useStyles = makeStyles({
  // Below 768 px the links fold into one overflow menu, so the header keeps the switcher, bell and user menu in view.
  inline: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    '@media (max-width: 767px)': { display: 'none' },
  },
  overflow: { display: 'none', '@media (max-width: 767px)': { display: 'inline-flex' } },
  icon: { minWidth: 'auto' },
  active: { color: tokens.colorBrandForeground1 },
});

/**
 * The header's per-application links (spec §2.2), inside /app/{id}/…: an icon each with its name as tooltip and
 * accessible name, disabled without the page's permission; absent while no plugin serves the page (its licence off).
 */
export const HeaderLinks = observer(function HeaderLinks({ appId }: { appId: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const links = headerLinks(HEADER_LINKS, {
    appId,
    routes: useContributions(routes),
    appMenu: useContributions(appMenuItems),
    permissions: session.user?.permissions ?? [],
    level: session.user?.level ?? null,
  });
  if (links.length === 0) return null;

  const name = (link: HeaderLink) =>
    link.pageTitleKey ? t('shell.headerLinks.tooltip', { link: t(link.labelKey), page: t(link.pageTitleKey) }) : t(link.labelKey);
  const isCurrent = (link: HeaderLink) => pathname === link.href || pathname.startsWith(`${link.href}/`);

  return (
    <nav aria-label={t('shell.headerLinks.label')}>
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
            {links.map((link) => (
              <MenuItem
                key={link.id}
                icon={<link.icon />}
                disabled={link.disabled}
                data-header-link={link.id}
                onClick={() => void navigate(link.href)}
              >
                {name(link)}
              </MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
    </nav>
  );
});
