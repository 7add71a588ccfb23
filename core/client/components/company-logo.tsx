import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import defaultLogo from '../assets/logo.svg';
import { useSystemInfo } from '../context';

const useStyles = makeStyles({
  logo: { display: 'block', height: '32px', width: 'auto', maxWidth: '180px', objectFit: 'contain' },
});

/** The white-label logo (SystemInfo.logoUrl) or the bundled default. */
export function CompanyLogo({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { logoUrl, companyName } = useSystemInfo();
  const styles = useStyles();
  return (
    <img
      className={mergeClasses(styles.logo, className)}
      src={logoUrl ?? defaultLogo}
      alt={companyName || t('core.client.logo')}
    />
  );
}
