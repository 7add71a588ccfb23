import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  TabList,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager, useNotify, usePluginStore } from '@sensorium/core/client';
import type { ItemSettingsTabProps } from '@sensorium/nodes/common';
import { formatDateTime } from './format';
import { DAY_MS, EXPORT_FILE_NAME, PAGE_SIZES, splitDeviceData, valueText } from './raw-data';
import type { DevicePipelineStore, RawDataView } from './store';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS },
  table: { overflowX: 'auto' },
  json: {
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-all',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    maxHeight: '60vh',
    overflowY: 'auto',
    margin: 0,
  },
});

/** A datetime-local input value for a time. */
const localInput = (time: number) => {
  const d = new Date(time - new Date(time).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

/**
 * Data History (spec 2.2 tab 4, 2.12): the raw data of this item. Real-time polls the last day with limit 100 about
 * every 2 s while the tab is shown; History takes a date range (default the last day) and pages of 10, 50 or 100.
 * Raw and processed payloads open in a viewer; Export Excel downloads data_history.xlsx built by the server from the
 * current query (History: the whole range).
 */
export const DataHistoryTab = observer(function DataHistoryTab(props: ItemSettingsTabProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const store = usePluginStore<typeof DevicePipelineStore>('devicePipeline').rawData;
  const { appId, active } = props;
  const itemName = props.item.itemName;
  const [mode, setMode] = useState<'realtime' | 'history'>('realtime');
  const [from, setFrom] = useState(() => localInput(Date.now() - DAY_MS));
  const [to, setTo] = useState(() => localInput(Date.now()));
  const [pageSize, setPageSize] = useState<number>(10);
  const [page, setPage] = useState(0);
  /** The row whose raw or processed payload is shown. */
  const [viewer, setViewer] = useState<{ id: string; kind: 'raw' | 'processed' } | null>(null);

  const fromTime = new Date(from).getTime();
  const toTime = new Date(to).getTime();
  const view: RawDataView = { appId, itemName, mode, from: fromTime, to: toTime, page, pageSize };

  // While shown: real-time polls, history loads once per change of the range or page.
  useEffect(() => {
    if (!active) return;
    return store.watch({ appId, itemName, mode, from: fromTime, to: toTime, page, pageSize });
  }, [active, store, appId, itemName, mode, fromTime, toTime, page, pageSize]);

  const rows = store.appId === appId && store.itemName === itemName ? store.rows : [];
  const failure = store.loading.failure;
  // The range's own problem, else the server's message: a search that failed never leaves old rows looking current.
  const problem = store.rangeProblem
    ? t(store.rangeProblem)
    : failure
      ? (failure.message ?? t('device-pipeline.history.failed'))
      : null;
  const shown = mode === 'realtime' ? rows.slice(page * pageSize, (page + 1) * pageSize) : rows;
  const count = mode === 'realtime' ? rows.length : store.total;
  const viewed = viewer ? rows.find((row) => row.id === viewer.id) : undefined;
  const viewerTitle = viewer?.kind === 'raw' ? t('device-pipeline.history.raw') : t('device-pipeline.history.processed');

  const exportExcel = async () => {
    const outcome = await store.exportExcel(view);
    if (!outcome.ok) {
      notify({ intent: 'error', title: t('device-pipeline.history.exportFailed'), body: outcome.failure.message ?? undefined });
      return;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(outcome.value);
    link.download = EXPORT_FILE_NAME;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  };

  return (
    <div className={styles.tab}>
      <TabList
        size="small"
        selectedValue={mode}
        onTabSelect={(_, data) => {
          const next = data.value as 'realtime' | 'history';
          if (next === 'history') {
            // History opens on the last day up to now.
            setFrom(localInput(Date.now() - DAY_MS));
            setTo(localInput(Date.now()));
          }
          setMode(next);
          setPage(0);
          store.clear();
        }}
      >
        <Tab value="realtime">{t('device-pipeline.history.realtime')}</Tab>
        <Tab value="history">{t('device-pipeline.history.history')}</Tab>
      </TabList>
      <div className={styles.line}>
        {mode === 'history' && (
          <>
            <Field label={t('device-pipeline.history.from')}>
              <Input type="datetime-local" value={from} onChange={(_, data) => (setFrom(data.value), setPage(0))} />
            </Field>
            <Field label={t('device-pipeline.history.to')}>
              <Input type="datetime-local" value={to} onChange={(_, data) => (setTo(data.value), setPage(0))} />
            </Field>
          </>
        )}
        <Field label={t('device-pipeline.history.pageSize')}>
          <Select
            value={String(pageSize)}
            onChange={(_, data) => {
              setPageSize(Number(data.value));
              setPage(0);
            }}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          icon={<ArrowDownloadRegular />}
          disabled={store.exporting.pending || store.rangeProblem !== null}
          onClick={() => void exportExcel()}
        >
          {t('device-pipeline.history.export')}
        </Button>
      </div>
      {problem && (
        <MessageBar intent={store.rangeProblem ? 'warning' : 'error'} role="alert">
          <MessageBarBody>
            {problem}
            {mode === 'realtime' && rows.length > 0 && ` ${t('device-pipeline.history.stale')}`}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.table}>
        <Table size="small" aria-label={t('device-pipeline.history.table')}>
          <TableHeader>
            <TableRow>
              {(['time', 'source', 'data', 'lora', 'payloads'] as const).map((column) => (
                <TableHeaderCell key={column}>{t(`device-pipeline.history.${column}`)}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((row) => {
              const { lora, fields } = splitDeviceData(row.payload?.deviceData);
              return (
                <TableRow key={`${row.id}-${row.createdAt}`}>
                  <TableCell>{formatDateTime(row.createdAt, true)}</TableCell>
                  <TableCell>{row.source}</TableCell>
                  <TableCell>
                    <ValueBadges className={styles.badges} entries={fields} appearance="tint" color="brand" />
                  </TableCell>
                  <TableCell>
                    <ValueBadges className={styles.badges} entries={lora} appearance="outline" color="informative" />
                  </TableCell>
                  <TableCell>
                    <div className={styles.badges}>
                      <Button size="small" onClick={() => setViewer({ id: row.id, kind: 'raw' })}>
                        {t('device-pipeline.history.raw')}
                      </Button>
                      <Button size="small" onClick={() => setViewer({ id: row.id, kind: 'processed' })}>
                        {t('device-pipeline.history.processed')}
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {shown.length === 0 && <Text>{t('device-pipeline.history.empty')}</Text>}
      </div>
      <Pager
        offset={page * pageSize}
        pageSize={pageSize}
        total={count}
        onChange={(offset) => setPage(Math.floor(offset / pageSize))}
      />
      {viewer && viewed && (
        <Dialog open onOpenChange={(_, data) => !data.open && setViewer(null)}>
          <DialogSurface aria-label={viewerTitle}>
            <DialogBody>
              <DialogTitle>{viewerTitle}</DialogTitle>
              <DialogContent>
                <pre className={styles.json}>{JSON.stringify(viewer.kind === 'raw' ? viewed.raw : viewed.payload, null, 2)}</pre>
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setViewer(null)}>{t('device-pipeline.close')}</Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
    </div>
  );
});

/** One small badge per `key: value` entry of a raw data row. */
function ValueBadges(props: {
  className: string;
  entries: [string, unknown][];
  appearance: 'tint' | 'outline';
  color: 'brand' | 'informative';
}) {
  return (
    <div className={props.className}>
      {props.entries.map(([key, value]) => (
        <Badge key={key} appearance={props.appearance} color={props.color} size="small">
          {key}: {valueText(value)}
        </Badge>
      ))}
    </div>
  );
}
