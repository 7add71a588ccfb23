import {
  Button,
  Menu,
  MenuButton,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { AppsRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { appMenuItems, useContributions, useSession, type AppMenuItemContribution } from '@sensorium/core/client';
import { appMenuEntries, appMenuHref } from './app-menu-entries';
import { HeaderLinkMenuItems } from './header-links-bar';

const useStyles = makeStyles({
  inline: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    '@media (max-width: 1199px)': { display: 'none' },
  },
  compact: { display: 'none', '@media (max-width: 1199px)': { display: 'inline-flex' } },
  entry: {
    whiteSpace: 'nowrap',
    minWidth: 'auto',
    paddingLeft: tokens.spacingHorizontalS,
    paddingRight: tokens.spacingHorizontalS,
  },
  active: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  // The header's per-application links join this menu on phones, where the header has no room for them (header-links-bar).
  phoneOnly: { display: 'none', '@media (max-width: 767px)': { display: 'block' } },
});

/**
 * The per-application menu (spec §2.3), shown inside /app/{id}/…: items lacking their permission are disabled;
 * licence-gated items never arrive here (useContributions leaves them out). On narrow screens it folds into one menu.
 */
export const AppMenu = observer(function AppMenu({ appId }: { appId: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const entries = appMenuEntries(useContributions(appMenuItems));
  if (entries.length === 0) return null;

  const allowed = (item: AppMenuItemContribution) => session.hasPermission(item.requiredPermission);
  const open = (item: AppMenuItemContribution) => void navigate(appMenuHref(appId, item));
  const isCurrent = (item: AppMenuItemContribution) => pathname.startsWith(appMenuHref(appId, item));
  const menuItem = (item: AppMenuItemContribution) => (
    <MenuItem key={item.id} disabled={!allowed(item)} onClick={() => open(item)}>
      {t(item.titleKey)}
    </MenuItem>
  );

  return (
    <nav aria-label={t('shell.appMenu.label')}>
      <div className={styles.inline}>
        {entries.map((entry) =>
          entry.kind === 'item' ? (
            <Button
              key={entry.item.id}
              appearance="subtle"
              className={mergeClasses(styles.entry, isCurrent(entry.item) && styles.active)}
              aria-current={isCurrent(entry.item) ? 'page' : undefined}
              disabled={!allowed(entry.item)}
              onClick={() => open(entry.item)}
            >
              {t(entry.item.titleKey)}
            </Button>
          ) : (
            <Menu key={entry.group}>
              <MenuTrigger disableButtonEnhancement>
                <MenuButton
                  appearance="subtle"
                  className={mergeClasses(styles.entry, entry.items.some(isCurrent) && styles.active)}
                >
                  {t(`shell.appMenu.${entry.group}`)}
                </MenuButton>
              </MenuTrigger>
              <MenuPopover>
                <MenuList>{entry.items.map(menuItem)}</MenuList>
              </MenuPopover>
            </Menu>
          ),
        )}
      </div>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <MenuButton
            className={styles.compact}
            appearance="subtle"
            icon={<AppsRegular />}
            aria-label={t('shell.appMenu.more')}
          />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {entries.map((entry) =>
              entry.kind === 'item' ? (
                menuItem(entry.item)
              ) : (
                <MenuGroup key={entry.group}>
                  <MenuGroupHeader>{t(`shell.appMenu.${entry.group}`)}</MenuGroupHeader>
                  {entry.items.map(menuItem)}
                </MenuGroup>
              ),
            )}
            <MenuGroup className={styles.phoneOnly}>
              <MenuGroupHeader>{t('shell.headerLinks.label')}</MenuGroupHeader>
              <HeaderLinkMenuItems appId={appId} />
            </MenuGroup>
          </MenuList>
        </MenuPopover>
      </Menu>
    </nav>
  );
});
