import { Button, Caption1, Card, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CompanyLogo, LanguageMenu, useSystemInfo } from '@sensorium/core/client';

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
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXXL}`,
    '@media (max-width: 767px)': { padding: tokens.spacingHorizontalM },
  },
  start: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  main: { flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: tokens.spacingHorizontalL },
  card: {
    width: '100%',
    maxWidth: '420px',
    padding: '32px',
    boxShadow: tokens.shadow16,
    '@media (max-width: 480px)': { padding: '24px 20px' },
  },
  wide: { maxWidth: '520px' },
  footer: { textAlign: 'center', padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground3 },
});

export interface AccountLayoutProps {
  children: ReactNode;
  /** Shows a Back button: a path to open, or `history` for the previous page. */
  back?: string;
  /** The language menu (still only with the multi-language licence); hidden on the forgot-password page. */
  showLanguage?: boolean;
  /** A wider card for longer forms. */
  wide?: boolean;
}

/**
 * The frame shared by the account screens (accounts spec §2): logo, optional Back button, language menu
 * (multi-language licence), the card and the copyright line.
 */
export function AccountLayout({ children, back, showLanguage = true, wide = false }: AccountLayoutProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { companyName } = useSystemInfo();
  const goBack = () => void (back === 'history' ? navigate(-1) : navigate(back ?? '/'));
  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <div className={styles.start}>
          <CompanyLogo />
          {back !== undefined && (
            <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={goBack}>
              {t('account.layout.back')}
            </Button>
          )}
        </div>
        {showLanguage && <LanguageMenu />}
      </header>
      <main className={styles.main}>
        <Card className={mergeClasses(styles.card, wide && styles.wide)}>{children}</Card>
      </main>
      <footer className={styles.footer}>
        <Caption1>{t('account.layout.copyright', { year: COPYRIGHT_YEAR, company: companyName })}</Caption1>
      </footer>
    </div>
  );
}
