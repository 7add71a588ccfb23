import { Button, makeStyles, MessageBar, MessageBarBody, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, PanelLeftContractRegular, PanelLeftExpandRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageHeader, useNotFoundRedirect, usePageStyles, usePluginStore } from '@sensorium/core/client';
import { MissionEditor } from './components/mission-editor';
import { MissionList } from './components/mission-list';
import { ScheduleSettingsSection } from './components/schedule-settings';
import { TIMER_MISSIONS_STORE, type TimerMissionsStore } from './store';

const useStyles = makeStyles({
  // The list beside the editor on wide screens; on a phone one of them at a time.
  columns: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXXL,
    '@media (min-width: 900px)': { gridTemplateColumns: 'minmax(200px, 280px) minmax(0, 1fr)' },
  },
  collapsed: { '@media (min-width: 900px)': { gridTemplateColumns: 'auto minmax(0, 1fr)' } },
  wideOnly: { '@media (max-width: 899px)': { display: 'none' } },
  narrowOnly: { '@media (min-width: 900px)': { display: 'none' } },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
});

/** Timer Mission Setting (app/{app_id}/timer-mission-setting): the missions, the chosen one's editor, schedule settings. */
const TimerMissionsPage = observer(function TimerMissionsPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const styles = useStyles();
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
      <MessageBar intent="error">
        <MessageBarBody>
          {failure.status === 403
            ? t('timer-missions.editor.noPermission')
            : (failure.message ?? t('timer-missions.list.loadFailed'))}
        </MessageBarBody>
      </MessageBar>
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
