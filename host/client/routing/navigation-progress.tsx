import { ProgressBar, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  bar: { position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000000 },
});

/** The thin indeterminate bar at the top of the window while a page (and its code) loads. */
export function NavigationProgress() {
  const { t } = useTranslation();
  const styles = useStyles();
  return <ProgressBar className={styles.bar} thickness="large" aria-label={t('shell.loading')} />;
}
