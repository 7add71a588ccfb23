import { Button, Spinner, Text } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LoadFailureBar, PageHeader, useListEditorStyles, usePageStyles, usePluginStore } from '@sensorium/core/client';
import { RuleEditor } from './components/rule-editor';
import { RuleList } from './components/rule-list';
import { EVENT_SETTINGS_STORE, type EventSettingsStore } from './store';

/** Event Setting (app/{app_id}/system-event-setting): the application's rules, and the editor of the chosen one. */
const EventSettingPage = observer(function EventSettingPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const styles = useListEditorStyles();
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
      <LoadFailureBar
        failure={failure}
        noPermission={t('event-settings.editor.noPermission')}
        fallback={t('event-settings.list.loadFailed')}
      />
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
