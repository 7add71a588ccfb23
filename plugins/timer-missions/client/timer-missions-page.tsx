import { Button, mergeClasses, Spinner, Text } from '@fluentui/react-components';
import { ArrowLeftRegular, PanelLeftContractRegular, PanelLeftExpandRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  LoadFailureBar,
  PageHeader,
  useNotFoundRedirect,
  useListEditorStyles,
  usePageStyles,
  usePluginStore,
} from '@sensorium/core/client';
import { MissionEditor } from './components/mission-editor';
import { MissionList } from './components/mission-list';
import { ScheduleSettingsSection } from './components/schedule-settings';
import { TIMER_MISSIONS_STORE, type TimerMissionsStore } from './store';

/** Timer Mission Setting (app/{app_id}/timer-mission-setting): the missions, the chosen one's editor, schedule settings. */
const TimerMissionsPage = observer(function TimerMissionsPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const styles = useListEditorStyles();
  const store = usePluginStore<typeof TimerMissionsStore>(TIMER_MISSIONS_STORE);
  const appId = useParams().app_id ?? '';
  const [creating, setCreating] = useState(false);

  useEffect(() => void store.open(appId), [store, appId]);
  useNotFoundRedirect(store.notFound);

  const failure = store.loading.failure;
  const ready = store.appId === appId && !store.loading.pending;
  const editing = creating || store.selected !== undefined;
  const close = () => {
    setCreating(false);
    store.unselect();
  };

  let body;
  if (failure) {
    body = (
      <LoadFailureBar
        failure={failure}
        noPermission={t('timer-missions.editor.noPermission')}
        fallback={t('timer-missions.list.loadFailed')}
      />
    );
  } else if (!ready && store.missions.length === 0) {
    body = <Spinner size="small" />;
  } else {
    body = (
      <div className={mergeClasses(styles.columns, store.listCollapsed && styles.collapsed)}>
        <div className={mergeClasses(styles.side, editing && styles.wideOnly)}>
          <div>
            <Button
              className={styles.wideOnly}
              appearance="subtle"
              icon={store.listCollapsed ? <PanelLeftExpandRegular /> : <PanelLeftContractRegular />}
              aria-label={t(store.listCollapsed ? 'timer-missions.list.expand' : 'timer-missions.list.collapse')}
              aria-expanded={!store.listCollapsed}
              onClick={() => store.toggleList()}
            />
          </div>
          {!store.listCollapsed && (
            <MissionList
              store={store}
              onCreate={() => {
                store.select(null);
                store.setLocked(true);
                setCreating(true);
              }}
              onSelect={(id) => {
                setCreating(false);
                store.select(id);
              }}
            />
          )}
        </div>
        <div className={styles.side}>
          {editing ? (
            <>
              <div className={styles.narrowOnly}>
                <Button appearance="subtle" icon={<ArrowLeftRegular />} disabled={store.locked} onClick={close}>
                  {t('timer-missions.editor.back')}
                </Button>
              </div>
              <MissionEditor
                key={creating ? 'new' : (store.selectedId ?? '')}
                store={store}
                mission={creating ? null : (store.selected ?? null)}
                onClose={close}
                onCreated={() => setCreating(false)}
              />
            </>
          ) : (
            <Text className={styles.wideOnly}>{t('timer-missions.editor.choose')}</Text>
          )}
          <ScheduleSettingsSection store={store} />
        </div>
      </div>
    );
  }

  return (
    <section className={layout.page}>
      <PageHeader title={t('timer-missions.title')} />
      {body}
    </section>
  );
});

export default TimerMissionsPage;
