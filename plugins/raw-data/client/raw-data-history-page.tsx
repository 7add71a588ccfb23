import {
  Body1,
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageStyles, usePluginStore } from '@sensorium/core/client';
import { deviceNames } from '../common';
import { RawDataTable } from './raw-data-table';
import { RAW_DATA_STORE, type RawDataStore } from './store';

const useStyles = makeStyles({
  page: { padding: tokens.spacingHorizontalL, minWidth: 0 },
  filter: { minWidth: '200px', flexGrow: 1, maxWidth: '420px' },
  application: { minWidth: '160px' },
  form: { alignItems: 'flex-end' },
});

/**
 * Diagnosis > Raw Data History (node spec 2.12): the raw data table of one application the user may see, with the
 * device-name filter (names separated by commas; none: every device).
 */
function RawDataHistoryPage() {
  const styles = useStyles();
  const pageStyles = usePageStyles();
  const { t } = useTranslation();
  const store = usePluginStore<typeof RawDataStore>(RAW_DATA_STORE);
  const [appId, setAppId] = useState('');
  const [filterText, setFilterText] = useState('');
  const [tags, setTags] = useState<string[]>([]);

  useEffect(() => {
    void store.loadApplications();
  }, [store]);
  // The first application until the user picks another.
  const chosen = store.applications.some((app) => app.id === appId) ? appId : (store.applications[0]?.id ?? '');

  const applyFilter = (event: FormEvent) => {
    event.preventDefault();
    setTags(deviceNames(filterText));
  };

  return (
    <section className={`${pageStyles.page} ${styles.page}`}>
      <Title2 as="h1">{t('raw-data.title')}</Title2>
      <form className={`${pageStyles.toolbar} ${styles.form}`} onSubmit={applyFilter}>
        <Field label={t('raw-data.application')} className={styles.application}>
          <Select value={chosen} onChange={(_, data) => setAppId(data.value)}>
            {store.applications.map((app) => (
              <option key={app.id} value={app.id}>
                {app.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('raw-data.deviceName')} className={styles.filter}>
          <Input
            value={filterText}
            placeholder={t('raw-data.deviceNamePlaceholder')}
            onChange={(_, data) => setFilterText(data.value)}
          />
        </Field>
        <Button type="submit" icon={<SearchRegular />}>
          {t('raw-data.search')}
        </Button>
      </form>
      {store.applicationsLoading.failure && (
        <MessageBar intent="error">
          <MessageBarBody>{store.applicationsLoading.failure.message ?? t('raw-data.failed')}</MessageBarBody>
        </MessageBar>
      )}
      {chosen === '' ? (
        !store.applicationsLoading.pending && <Body1>{t('raw-data.noApplication')}</Body1>
      ) : (
        <RawDataTable store={store.page} appId={chosen} tags={tags} itemSpecific={false} active showDevice />
      )}
    </section>
  );
}

export default observer(RawDataHistoryPage);
