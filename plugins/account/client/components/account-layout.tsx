import { Caption1, Card, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyLogo, LanguageMenu, useSystemInfo } from '../../../../core/client';

/** Copyright year of the account screens' footer (accounts spec §2). */
export const COPYRIGHT_YEAR = 2025;

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2,
    backgroundImage: `radial-gradient(circle at 15% 0%, ${tokens.colorBrandBackground2} 0, transparent 45%), radial-gradient(circle at 100% 100%, ${tokens.colorPaletteTealBackground2} 0, transparent 40%)`,
  },
  top: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXXL}`,
    '@media (max-width: 767px)': { padding: tokens.spacingHorizontalM },
  },
  main: { flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: tokens.spacingHorizontalL },
  card: {
    width: '100%',
    maxWidth: '420px',
    padding: '32px',
    boxShadow: tokens.shadow16,
    '@media (max-width: 480px)': { padding: '24px 20px' },
  },
  footer: { textAlign: 'center', padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground3 },
});

/** The frame shared by the account screens: logo, language menu (multi-language licence), card, copyright line. */
export function AccountLayout({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { companyName } = useSystemInfo();
  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <CompanyLogo />
        <LanguageMenu />
      </header>
      <main className={styles.main}>
        <Card className={styles.card}>{children}</Card>
      </main>
      <footer className={styles.footer}>
        <Caption1>{t('account.layout.copyright', { year: COPYRIGHT_YEAR, company: companyName })}</Caption1>
      </footer>
    </div>
  );
}
