import {
  Badge,
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  Input,
  makeStyles,
  OverlayDrawer,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissRegular, SearchRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  formatListTime,
  PageHeader,
  Pager,
  saveBlob,
  useNotify,
  usePageStyles,
  type DataColumn,
} from '@sensorium/core/client';
import { AUDIT_ARCHIVE_OPTIONS, AUDIT_PAGE_SIZE, AUDIT_QUERY_TYPES, type AuditHistoryRecord } from '../../common';
import { useAudit } from '../use-audit';

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  field: { minWidth: '0', maxWidth: '100%' },
  wrap: { overflowWrap: 'anywhere', minWidth: '160px' },
  nowrap: { whiteSpace: 'nowrap' },
  facts: { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
  value: { overflowWrap: 'anywhere' },
  changes: { marginTop: tokens.spacingVerticalL },
});

/** The details drawer: the record's facts and its changed fields with their old and new values. */
const RecordDrawer = observer(function RecordDrawer() {
  const { t } = useTranslation();
  const styles = useStyles();
  const store = useAudit();
  const record = store.selected;
  return (
    <OverlayDrawer
      position="end"
      open={record !== null}
      onOpenChange={(_, data) => !data.open && store.select(null)}
      aria-label={t('audit.drawer.title')}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              aria-label={t('audit.drawer.close')}
              icon={<DismissRegular />}
              onClick={() => store.select(null)}
            />
          }
        >
          {t('audit.drawer.title')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        {record && (
          <>
            <div className={styles.facts}>
              <Text weight="semibold">{t('audit.columns.generatedDateTime')}</Text>
              <Text>{formatListTime(record.generatedDateTime)}</Text>
              <Text weight="semibold">{t('audit.columns.type')}</Text>
              <Text>{t(`audit.types.${record.type}`)}</Text>
              <Text weight="semibold">{t('audit.drawer.location')}</Text>
              <Text className={styles.value}>{record.location ?? '-'}</Text>
              <Text weight="semibold">{t('audit.columns.log')}</Text>
              <Text className={styles.value}>{record.log}</Text>
              <Text weight="semibold">{t('audit.drawer.outcome')}</Text>
              <Text>{t(`audit.outcome.${record.outcome}`)}</Text>
              <Text weight="semibold">{t('audit.columns.user')}</Text>
              <Text className={styles.value}>{record.userId ?? t('audit.anonymous')}</Text>
              <Text weight="semibold">{t('audit.columns.userIp')}</Text>
              <Text>{record.userIp ?? '-'}</Text>
              <Text weight="semibold">{t('audit.columns.activityDetail')}</Text>
              <Text className={styles.value}>{record.activityDetail || '-'}</Text>
            </div>
            <section className={styles.changes} aria-label={t('audit.drawer.changes')}>
              <Text as="h2" weight="semibold">
                {t('audit.drawer.changes')}
              </Text>
              {record.changes.length === 0 ? (
                <Text as="p">{t('audit.drawer.noChanges')}</Text>
              ) : (
                <Table size="small" aria-label={t('audit.drawer.changes')}>
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell>{t('audit.drawer.field')}</TableHeaderCell>
                      <TableHeaderCell>{t('audit.drawer.old')}</TableHeaderCell>
                      <TableHeaderCell>{t('audit.drawer.new')}</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {record.changes.map((change) => (
                      <TableRow key={change.field}>
                        <TableCell className={styles.value}>{change.field}</TableCell>
                        <TableCell className={styles.value}>{change.old ?? '-'}</TableCell>
                        <TableCell className={styles.value}>{change.new ?? '-'}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </section>
          </>
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
});

/**
 * Diagnosis > Audit History (accounts §2, §9): the records of a time range (default the last 24 hours), of a type and
 * from the trail or its archive, ten a page, with a details drawer and the CSV report of the range.
 */
const AuditHistoryPage = observer(function AuditHistoryPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const styles = useStyles();
  const notify = useNotify();
  const store = useAudit();

  useEffect(() => {
    void store.open();
  }, [store]);

  const exportCsv = async () => {
    const outcome = await store.exportCsv();
    if (outcome.ok) saveBlob(outcome.value.blob, outcome.value.fileName);
    else notify({ intent: 'error', title: t('audit.exportFailed'), body: outcome.failure.message ?? undefined });
  };

  const columns: DataColumn<AuditHistoryRecord>[] = [
    {
      id: 'generatedDateTime',
      header: t('audit.columns.generatedDateTime'),
      cell: (record) => <Text className={styles.nowrap}>{formatListTime(record.generatedDateTime)}</Text>,
    },
    { id: 'type', header: t('audit.columns.type'), cell: (record) => t(`audit.types.${record.type}`) },
    { id: 'log', header: t('audit.columns.log'), cell: (record) => <Text className={styles.wrap}>{record.log}</Text> },
    {
      id: 'activityDetail',
      header: t('audit.columns.activityDetail'),
      cell: (record) => <Text className={styles.wrap}>{record.activityDetail}</Text>,
    },
    { id: 'user', header: t('audit.columns.user'), cell: (record) => record.userId ?? t('audit.anonymous') },
    { id: 'userIp', header: t('audit.columns.userIp'), cell: (record) => record.userIp ?? '' },
    {
      id: 'details',
      cell: (record) => (
        <span className={styles.nowrap}>
          {record.outcome === 'failure' && (
            <Badge appearance="tint" color="danger">
              {t('audit.outcome.failure')}
            </Badge>
          )}
          <Button size="small" appearance="subtle" onClick={() => store.select(record.id)}>
            {t('audit.drawer.details')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <section className={layout.page}>
      <PageHeader title={t('audit.title')} />
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          void store.search();
        }}
      >
        <Field label={t('audit.filters.from')} className={styles.field}>
          <Input type="datetime-local" value={store.from} onChange={(_, data) => store.setFilters({ from: data.value })} />
        </Field>
        <Field label={t('audit.filters.to')} className={styles.field}>
          <Input type="datetime-local" value={store.to} onChange={(_, data) => store.setFilters({ to: data.value })} />
        </Field>
        <Field label={t('audit.filters.type')} className={styles.field}>
          <Select value={store.type} onChange={(_, data) => store.setFilters({ type: data.value as typeof store.type })}>
            {AUDIT_QUERY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`audit.types.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('audit.filters.archive')} className={styles.field}>
          <Select value={store.archive} onChange={(_, data) => store.setFilters({ archive: data.value as typeof store.archive })}>
            {AUDIT_ARCHIVE_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {t(`audit.archiveOptions.${option}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('audit.filters.keyword')} className={styles.field}>
          <Input value={store.keyword} onChange={(_, data) => store.setFilters({ keyword: data.value })} />
        </Field>
        <Button type="submit" appearance="primary" icon={<SearchRegular />} disabled={store.loading.pending}>
          {t('audit.filters.search')}
        </Button>
        <Button icon={<ArrowDownloadRegular />} disabled={store.exporting.pending} onClick={() => void exportCsv()}>
          {t('audit.filters.export')}
        </Button>
      </form>
      {store.loading.failed && <Text role="alert">{store.loading.failure?.message || t('audit.loadFailed')}</Text>}
      <DataTable
        label={t('audit.title')}
        rows={store.records}
        rowKey={(record) => record.id}
        columns={columns}
        empty={t('audit.empty')}
        loading={store.loading.pending}
      />
      <Pager
        offset={store.offset}
        pageSize={AUDIT_PAGE_SIZE}
        total={store.total}
        onChange={(offset) => void store.goTo(offset)}
      />
      <RecordDrawer />
    </section>
  );
});

export default AuditHistoryPage;
