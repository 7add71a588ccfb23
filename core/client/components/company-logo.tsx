import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import defaultLogo from '../assets/logo.svg';
import { useSystemInfo } from '../context';

const useStyles = makeStyles({
  logo: { display: 'block', height: '32px', width: 'auto', maxWidth: '180px', objectFit: 'contain' },
  // On narrow screens the bundled logo shows just its square mark; a white-label logo is only scaled down.
  compactDefault: { '@media (max-width: 767px)': { width: '32px', objectFit: 'cover', objectPosition: 'left' } },
  compactCustom: { '@media (max-width: 767px)': { maxWidth: '96px' } },
});

/** The white-label logo (SystemInfo.logoUrl) or the bundled default. `compact` shrinks it on narrow screens. */
export function CompanyLogo({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const { logoUrl, companyName } = useSystemInfo();
  const styles = useStyles();
  return (
    <img
      className={mergeClasses(styles.logo, compact && (logoUrl ? styles.compactCustom : styles.compactDefault), className)}
      src={logoUrl ?? defaultLogo}
      alt={companyName || t('core.client.logo')}
    />
  );
}
