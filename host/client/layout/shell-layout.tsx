import { makeStyles, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useRootStore } from '@sensorium/core/client';
import { Header, HEADER_HEIGHT } from './header/header';
import { Sidebar } from './sidebar/sidebar';
import { CLOSE_ON_NAVIGATION_BELOW } from './use-media-query';

const useStyles = makeStyles({
  shell: { minHeight: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground2 },
  body: { flex: 1, display: 'flex', minHeight: 0, position: 'relative' },
  content: {
    flex: 1,
    minWidth: 0,
    padding: '24px',
    boxSizing: 'border-box',
    '@media (max-width: 767px)': { padding: '16px 12px' },
  },
  backdrop: {
    display: 'none',
    '@media (max-width: 767px)': {
      display: 'block',
      position: 'fixed',
      inset: `${HEADER_HEIGHT}px 0 0 0`,
      backgroundColor: tokens.colorBackgroundOverlay,
      zIndex: 90,
    },
  },
});

/** The frame of every logged-in page: header on top, sidebar on the left, the page beside it. */
export const ShellLayout = observer(function ShellLayout() {
  const styles = useStyles();
  const { ui } = useRootStore();
  const { pathname } = useLocation();

  useEffect(() => {
    if (window.innerWidth < CLOSE_ON_NAVIGATION_BELOW) ui.closeMobileSidebar();
  }, [pathname, ui]);

  return (
    <div className={styles.shell}>
      <Header />
      <div className={styles.body}>
        <Sidebar />
        {ui.mobileSidebarOpen && <div className={styles.backdrop} onClick={() => ui.closeMobileSidebar()} aria-hidden />}
        <main className={styles.content}>
          <Outlet />
        </main>
      </div>
    </div>
  );
});
