import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageHeader, usePageStyles, usePluginStore } from '@sensorium/core/client';
import { RuleEditor } from './components/rule-editor';
import { RuleList } from './components/rule-list';
import { EVENT_SETTINGS_STORE, type EventSettingsStore } from './store';

const useStyles = makeStyles({
  // The list beside the editor on wide screens; on a phone one of them at a time.
  columns: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXXL,
    '@media (min-width: 900px)': { gridTemplateColumns: 'minmax(200px, 280px) minmax(0, 1fr)' },
  },
  wideOnly: { '@media (max-width: 899px)': { display: 'none' } },
  narrowOnly: { '@media (min-width: 900px)': { display: 'none' } },
});

/** Event Setting (app/{app_id}/system-event-setting): the application's rules, and the editor of the chosen one. */
const EventSettingPage = observer(function EventSettingPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const styles = useStyles();
  const store = usePluginStore<typeof EventSettingsStore>(EVENT_SETTINGS_STORE);
  const appId = useParams().app_id ?? '';
  const [creating, setCreating] = useState(false);

  useEffect(() => void store.open(appId), [store, appId]);

  const failure = store.loading.failure;
  const ready = store.appId === appId && !store.loading.pending;
  const editing = creating || store.selected !== undefined;
  const close = () => {
    setCreating(false);
    store.select(null);
  };

  let body;
  if (failure) {
    body = (
      <MessageBar intent="error">
        <MessageBarBody>
          {failure.status === 403
            ? t('event-settings.editor.noPermission')
            : (failure.message ?? t('event-settings.list.loadFailed'))}
        </MessageBarBody>
      </MessageBar>
    );
  } else if (!ready && store.rules.length === 0) {
    body = <Spinner size="small" />;
  } else {
    body = (
      <div className={styles.columns}>
        <div className={editing ? styles.wideOnly : undefined}>
          <RuleList
            store={store}
            creating={creating}
            onCreate={() => {
              store.select(null);
              setCreating(true);
            }}
            onSelect={(id) => {
              setCreating(false);
              store.select(id);
            }}
          />
        </div>
        <div>
          {editing ? (
            <>
              <Button className={styles.narrowOnly} appearance="subtle" icon={<ArrowLeftRegular />} onClick={close}>
                {t('event-settings.editor.back')}
              </Button>
              <RuleEditor
                key={creating ? 'new' : store.selectedId}
                store={store}
                rule={creating ? null : (store.selected ?? null)}
                onClose={close}
                onCreated={() => setCreating(false)}
              />
            </>
          ) : (
            <Text className={styles.wideOnly}>{t('event-settings.editor.choose')}</Text>
          )}
        </div>
      </div>
    );
  }

  return (
    <section className={layout.page}>
      <PageHeader title={t('event-settings.title')} />
      {body}
    </section>
  );
});

export default EventSettingPage;
