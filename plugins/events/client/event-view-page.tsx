import { Button, Dropdown, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowDownloadRegular, CheckmarkRegular, DismissCircleRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  PageHeader,
  Pager,
  saveBlob,
  useNotify,
  usePageStyles,
  usePluginStore,
  usePush,
  useSession,
  useNotFoundRedirect,
} from '@sensorium/core/client';
import { PUSH_TOPICS } from '@sensorium/core/common';
import { EVENT_EXPORT_FILE_NAME, EVENT_PAGE_SIZES } from '../common/event-query';
import { EventActionDialog } from './components/event-action-dialog';
import { EventDetailDialog } from './components/event-detail-dialog';
import { EventFilters } from './components/event-filters';
import { EventTable } from './components/event-table';
import { EVENT_PERMISSION } from './event-permission';
import { EVENT_VIEW_STORE, type EventAction, type EventViewStore } from './store';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  size: { minWidth: '80px' },
});

/**
 * The Event View (route app/{app_id}/event-view, the Alert menu item, the card's View and the alarm bell): the
 * application's events filtered and paged on the server, Acknowledge and Clear of the selected ones, each event's
 * details with its history, the Excel export, and live updates on the system-event pushes.
 */
const EventViewPage = observer(function EventViewPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const layout = usePageStyles();
  const notify = useNotify();
  const session = useSession();
  const appId = useParams().app_id ?? '';
  const store = usePluginStore<typeof EventViewStore>(EVENT_VIEW_STORE);
  const [action, setAction] = useState<EventAction | null>(null);
  const mayAct = session.hasPermission(EVENT_PERMISSION);

  useEffect(() => {
    void store.open(appId);
    return () => store.cancel();
  }, [store, appId]);
  useNotFoundRedirect(store.notFound);
  usePush<{ appId?: string }>(PUSH_TOPICS.systemEventUpdate, (data) => store.changed(data?.appId ?? appId));
  usePush(PUSH_TOPICS.systemEventRefresh, () => store.changed(appId));

  const exportExcel = async () => {
    const outcome = await store.exportExcel();
    if (outcome.ok) saveBlob(outcome.value, EVENT_EXPORT_FILE_NAME);
    else notify({ intent: 'error', title: t('events.view.exportFailed'), body: outcome.failure.message ?? undefined });
  };
  const selected = store.selectedIds.length;
  const actionButton = (kind: EventAction, icon: ReactElement, label: string) => (
    <Button
      icon={icon}
      disabled={!mayAct || selected === 0}
      title={mayAct ? undefined : t('events.view.noPermission')}
      onClick={() => setAction(kind)}
    >
      {mayAct ? label : `${label} (${t('events.view.noPermission')})`}
    </Button>
  );

  return (
    <section className={layout.page}>
      <PageHeader title={t('events.view.title')}>
        <div className={styles.actions}>
          <Button icon={<ArrowClockwiseRegular />} onClick={() => void store.load()}>
            {t('events.view.refresh')}
          </Button>
          <Button icon={<ArrowDownloadRegular />} disabled={store.exporting.pending} onClick={() => void exportExcel()}>
            {t('events.view.export')}
          </Button>
        </div>
      </PageHeader>
      <EventFilters store={store} />
      <div className={styles.actions}>
        <Text>{t('events.view.selected', { count: selected })}</Text>
        {actionButton('ack', <CheckmarkRegular />, t('events.view.acknowledge'))}
        {actionButton('clear', <DismissCircleRegular />, t('events.view.clear'))}
      </div>
      {store.loading.failed && !store.notFound && (
        <Text role="alert">{store.loading.failure?.message ?? t('events.view.loadFailed')}</Text>
      )}
      <EventTable store={store} />
      <Pager
        offset={store.page * store.size}
        pageSize={store.size}
        total={store.total}
        onChange={(offset) => void store.goTo(offset)}
      >
        <Text>{t('events.filters.pageSize')}</Text>
        <Dropdown
          className={styles.size}
          aria-label={t('events.filters.pageSize')}
          value={String(store.size)}
          selectedOptions={[String(store.size)]}
          onOptionSelect={(_, data) => void store.setSize(Number(data.optionValue))}
        >
          {EVENT_PAGE_SIZES.map((size) => (
            <Option key={size} value={String(size)}>
              {String(size)}
            </Option>
          ))}
        </Dropdown>
      </Pager>
      {action && <EventActionDialog store={store} action={action} onClose={() => setAction(null)} />}
      <EventDetailDialog store={store} />
    </section>
  );
});

export default EventViewPage;
