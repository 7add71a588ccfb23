import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, PageHeader, saveBlob, usePageStyles, usePluginStore, type DataColumn } from '@sensorium/core/client';
import { USAGE_CHANNELS, USAGE_EXPORT_FILE_NAME } from '../common';
import type { CostManagementStore, UsageRowInstance } from './store';
import { UsageChart } from './usage-chart';

const useStyles = makeStyles({
  range: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  monthInput: { minWidth: '160px' },
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  month: { whiteSpace: 'nowrap' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
});

/** Testing > Cost Management (`/dashboard`): the usage per application and month, a chart of the totals, Excel export. */
const CostManagementPage = observer(function CostManagementPage() {
  const styles = useStyles();
  const layout = usePageStyles();
  const { t } = useTranslation();
  const store = usePluginStore<typeof CostManagementStore>('costManagement');
  const [range, setRange] = useState({ from: store.from, to: store.to });

  useEffect(() => {
    void store.load().then(() => setRange(store.query));
  }, [store]);

  const show = (event: FormEvent) => {
    event.preventDefault();
    store.setRange(range);
    void store.load();
  };
  const exportExcel = async () => {
    const outcome = await store.exportExcel();
    if (outcome.ok) saveBlob(outcome.value, USAGE_EXPORT_FILE_NAME);
  };

  const column = (
    id: string,
    cell: (row: UsageRowInstance) => string | number,
    className?: string,
  ): DataColumn<UsageRowInstance> => ({
    id,
    header: t(`cost-management.columns.${id}`),
    cell,
    ...(className ? { className } : {}),
  });
  const columns = [
    column('month', (row) => row.month, styles.month),
    column('application', (row) => row.appName),
    column('endCustomer', (row) => row.endCustomerName),
    column('uplinks', (row) => row.uplinks, styles.number),
    column('rawRows', (row) => row.rawRows, styles.number),
    column('historyRows', (row) => row.historyRows, styles.number),
    ...USAGE_CHANNELS.map((channel) => column(channel, (row) => row.messages[channel], styles.number)),
  ];
  const labels = useMemo(
    () => ({
      uplinks: t('cost-management.chart.uplinks'),
      storedRows: t('cost-management.chart.storedRows'),
      messages: t('cost-management.chart.messages'),
    }),
    [t],
  );
  const { loading, exporting } = store;
  // A refused month shows under its input; any other failure above the report.
  const failedAsWhole = loading.failed && !loading.fieldError('from') && !loading.fieldError('to');

  return (
    <div className={layout.page}>
      <PageHeader title={t('cost-management.title')}>
        <Button
          icon={<ArrowDownloadRegular />}
          disabled={exporting.pending || store.rows.length === 0}
          onClick={() => void exportExcel()}
        >
          {t('cost-management.export')}
        </Button>
      </PageHeader>
      <Text>{t('cost-management.intro')}</Text>
      <form className={styles.range} onSubmit={show}>
        <Field className={styles.monthInput} label={t('cost-management.from')} validationMessage={loading.fieldError('from')}>
          <Input type="month" required value={range.from} onChange={(_, data) => setRange({ ...range, from: data.value })} />
        </Field>
        <Field className={styles.monthInput} label={t('cost-management.to')} validationMessage={loading.fieldError('to')}>
          <Input type="month" required value={range.to} onChange={(_, data) => setRange({ ...range, to: data.value })} />
        </Field>
        <Button type="submit" appearance="primary" disabled={loading.pending}>
          {t('cost-management.show')}
        </Button>
      </form>
      {failedAsWhole && (
        <MessageBar intent="error">
          <MessageBarBody>{loading.failure?.message ?? t('cost-management.loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {exporting.failed && (
        <MessageBar intent="error">
          <MessageBarBody>{exporting.failure?.message ?? t('cost-management.exportFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {loading.pending && <Spinner size="small" />}
      <section className={styles.section}>
        <Subtitle2 as="h2">{t('cost-management.chart.title')}</Subtitle2>
        <UsageChart totals={store.totals} labels={labels} ariaLabel={t('cost-management.chart.label')} />
      </section>
      <section className={styles.section}>
        <Text>{t('cost-management.summary', { count: store.applications, rows: store.rows.length })}</Text>
        <DataTable
          label={t('cost-management.title')}
          columns={columns}
          rows={store.rows}
          rowKey={(row) => `${row.month}/${row.appId}`}
          empty={t('cost-management.empty')}
          loading={loading.pending}
        />
      </section>
    </div>
  );
});

export default CostManagementPage;
