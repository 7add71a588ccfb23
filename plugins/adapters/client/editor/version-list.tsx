import { Button, Caption1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { AdapterEditorStoreInstance } from '../store';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  text: { flex: '1 1 200px', minWidth: 0 },
});

/** Every saved version, newest first, with Compare (against the current one) and Roll back. */
function VersionList({
  store,
  onCompare,
  onRollback,
}: {
  store: AdapterEditorStoreInstance;
  onCompare: (version: number) => void;
  onRollback: (version: number) => void;
}) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  return (
    <section aria-label={t('adapters.versions')}>
      <Subtitle2 as="h2">{t('adapters.versions')}</Subtitle2>
      {store.versions.length === 0 ? (
        <Caption1>{t('adapters.noVersions')}</Caption1>
      ) : (
        <ul className={styles.list} aria-label={t('adapters.versions')}>
          {store.versions.map((version) => {
            const isCurrent = version.version === store.currentVersion;
            return (
              <li key={version.id} className={styles.row}>
                <span className={styles.text}>
                  {t('adapters.versionRow', {
                    version: version.version,
                    author: version.authorName,
                    time: new Date(version.createdAt).toLocaleString(i18n.language),
                  })}
                  {version.restoredFrom !== null && (
                    <Caption1> · {t('adapters.restoredFrom', { version: version.restoredFrom })}</Caption1>
                  )}
                  {isCurrent && <Caption1> · {t('adapters.current')}</Caption1>}
                </span>
                {!isCurrent && (
                  <>
                    <Button size="small" onClick={() => onCompare(version.version)}>
                      {t('adapters.diff')}
                    </Button>
                    <Button size="small" disabled={store.saving.pending} onClick={() => onRollback(version.version)}>
                      {t('adapters.rollback')}
                    </Button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export default observer(VersionList);
