import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { CompanyLogo, LanguageMenu, appIdFromPath, headerActions, useContributions, useRootStore } from '@sensorium/core/client';
import { AppMenu } from './app-menu';
import { HeaderLinks } from './header-links-bar';
import { UserMenu } from './user-menu';

export const HEADER_HEIGHT = 56;

const useStyles = makeStyles({
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 100,
    height: `${HEADER_HEIGHT}px`,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `0 ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
    boxSizing: 'border-box',
    '@media (max-width: 767px)': { padding: `0 ${tokens.spacingHorizontalS}`, gap: tokens.spacingHorizontalXS },
  },
  menuToggle: { display: 'none', '@media (max-width: 767px)': { display: 'inline-flex' } },
  logo: {
    display: 'flex',
    alignItems: 'center',
    flexShrink: 0,
    marginRight: tokens.spacingHorizontalM,
    '@media (max-width: 767px)': { marginRight: 0 },
  },
  // Header actions may shrink (the switcher truncates its label) but never spill over their neighbours.
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0, overflow: 'hidden' },
  spacer: { flex: 1 },
  end: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexShrink: 0 },
});

/**
 * The header (spec §2.2): logo to /, the plugins' header actions in order (application switcher, alarm bell…),
 * inside /app/{id}/… the per-application links (devices, dashboard, contacts…) and the per-application menu,, the language menu and the user menu.
 */
export const Header = observer(function Header() {
  const styles = useStyles();
  const { t } = useTranslation();
  const { ui } = useRootStore();
  const { pathname } = useLocation();
  const actions = [...useContributions(headerActions)].sort((a, b) => a.order - b.order);
  const appId = appIdFromPath(pathname);

  return (
    <header className={styles.header}>
      <Button
        className={styles.menuToggle}
        appearance="subtle"
        icon={<NavigationRegular />}
        aria-label={t('shell.header.toggleNavigation')}
        aria-expanded={ui.mobileSidebarOpen}
        onClick={() => ui.toggleMobileSidebar()}
      />
      <Link to="/" className={styles.logo} aria-label={t('shell.header.home')}>
        <CompanyLogo compact />
      </Link>
      <div className={styles.actions}>
        {actions.map(({ id, component: Action }) => (
          <Action key={id} />
        ))}
      </div>
      {appId !== null && <HeaderLinks appId={appId} />}
      {appId !== null && <AppMenu appId={appId} />}
      <div className={styles.spacer} />
      <div className={styles.end}>
        <LanguageMenu />
        <UserMenu />
      </div>
    </header>
  );
});
