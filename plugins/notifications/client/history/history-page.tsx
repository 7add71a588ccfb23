import { Button, Field, Input, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowDownloadRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  DataTable,
  formatListTime,
  PageHeader,
  Pager,
  saveBlob,
  SearchToolbar,
  useNotify,
  usePageStyles,
  usePluginStore,
  usePush,
  type DataColumn,
  useNotFoundRedirect,
} from '@sensorium/core/client';
import {
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  HISTORY_EXPORT_FILE_NAME,
  HISTORY_PAGE_SIZES,
  NOTIFICATION_DELIVERY_TOPIC,
  type DeliveryChannel,
  type DeliveryStatus,
  type NotificationDeliveryPush,
} from '../../common/history';
import { DeliveryStatusCell } from './delivery-status';
import { HISTORY_STORE, type DeliveryInstance, type NotificationHistoryStore } from './store';

const useStyles = makeStyles({
  wrap: { overflowWrap: 'anywhere', minWidth: '120px' },
  id: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'nowrap' },
  nowrap: { whiteSpace: 'nowrap' },
});

/**
 * Notification History (node spec §2.14, accounts §3): every message sent to the application's notification clients,
 * newest first, with the spec's columns, filtered by channel, status, time and text, exported to Excel, and reloaded
 * when the `notification-delivery` push says the application's deliveries changed.
 */
const NotificationHistoryPage = observer(function NotificationHistoryPage() {
  const styles = useStyles();
  const layout = usePageStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const appId = useParams().app_id ?? '';
  const store = usePluginStore<typeof NotificationHistoryStore>(HISTORY_STORE);

  useEffect(() => {
    void store.open(appId);
  }, [store, appId]);
  useNotFoundRedirect(store.notFound);
  usePush<NotificationDeliveryPush>(NOTIFICATION_DELIVERY_TOPIC, (data) => data && store.changed(data.appId), appId);

  const exportExcel = async () => {
    const outcome = await store.exportExcel();
    if (outcome.ok) saveBlob(outcome.value, HISTORY_EXPORT_FILE_NAME);
    else notify({ intent: 'error', title: t('notifications.history.exportFailed'), body: outcome.failure.message ?? undefined });
  };

  const header = (key: string) => t(`notifications.history.columns.${key}`);
  const columns: DataColumn<DeliveryInstance>[] = [
    {
      id: 'id',
      header: header('id'),
      cell: (row) => (
        <Text className={styles.id} title={row.id}>
          {row.id.slice(0, 8)}
        </Text>
      ),
    },
    { id: 'date', header: header('date'), cell: (row) => <Text className={styles.nowrap}>{formatListTime(row.createdAt)}</Text> },
    { id: 'service', header: header('service'), cell: (row) => row.service || '-' },
    { id: 'channel', header: header('channel'), cell: (row) => t(`notifications.history.channels.${row.channel}`) },
    { id: 'usage', header: header('usage'), cell: (row) => t(`notifications.history.usages.${row.usage}`) },
    { id: 'reference', header: header('reference'), cell: (row) => <Text className={styles.wrap}>{row.reference}</Text> },
    { id: 'name', header: header('name'), cell: (row) => <Text className={styles.wrap}>{row.name}</Text> },
    { id: 'contact', header: header('contact'), cell: (row) => <Text className={styles.wrap}>{row.contact || '-'}</Text> },
    {
      id: 'status',
      header: header('status'),
      cell: (row) => <DeliveryStatusCell status={row.status} error={row.error} />,
    },
  ];

  return (
    <section className={layout.page}>
      <PageHeader title={t('notifications.history.title')}>
        <div className={layout.toolbar}>
          <Button icon={<ArrowClockwiseRegular />} onClick={() => void store.load()}>
            {t('notifications.history.refresh')}
          </Button>
          <Button icon={<ArrowDownloadRegular />} disabled={store.exporting.pending} onClick={() => void exportExcel()}>
            {t('notifications.history.export')}
          </Button>
        </div>
      </PageHeader>
      <Text>{t('notifications.history.intro')}</Text>
      <SearchToolbar
        label={t('notifications.history.filters.search')}
        placeholder={t('notifications.history.filters.searchPlaceholder')}
        value={store.q}
        onChange={(q) => store.search(q)}
      >
        <Field label={t('notifications.history.filters.channel')} orientation="horizontal">
          <Select
            value={store.channel ?? ''}
            onChange={(_, data) => void store.filter({ channel: (data.value || null) as DeliveryChannel | null })}
          >
            <option value="">{t('notifications.history.filters.all')}</option>
            {DELIVERY_CHANNELS.map((channel) => (
              <option key={channel} value={channel}>
                {t(`notifications.history.channels.${channel}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('notifications.history.filters.status')} orientation="horizontal">
          <Select
            value={store.status ?? ''}
            onChange={(_, data) => void store.filter({ status: (data.value || null) as DeliveryStatus | null })}
          >
            <option value="">{t('notifications.history.filters.all')}</option>
            {DELIVERY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`notifications.history.statuses.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('notifications.history.filters.from')} orientation="horizontal">
          <Input type="datetime-local" value={store.from} onChange={(_, data) => void store.filter({ from: data.value })} />
        </Field>
        <Field label={t('notifications.history.filters.to')} orientation="horizontal">
          <Input type="datetime-local" value={store.to} onChange={(_, data) => void store.filter({ to: data.value })} />
        </Field>
      </SearchToolbar>
      {store.loading.failed && !store.notFound && (
        <Text role="alert">{store.loading.failure?.message || t('notifications.history.loadFailed')}</Text>
      )}
      <DataTable
        label={t('notifications.history.title')}
        // A copy: the table is no observer, so the page reads the rows for it.
        rows={store.rows.slice()}
        rowKey={(row) => row.id}
        columns={columns}
        empty={t('notifications.history.empty')}
        loading={store.loading.pending}
      />
      <Pager offset={store.offset} pageSize={store.size} total={store.total} onChange={(offset) => void store.goTo(offset)}>
        <Field label={t('notifications.history.pageSize')} orientation="horizontal">
          <Select value={String(store.size)} onChange={(_, data) => void store.filter({ size: Number(data.value) })}>
            {HISTORY_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </Field>
      </Pager>
    </section>
  );
});

export default NotificationHistoryPage;
