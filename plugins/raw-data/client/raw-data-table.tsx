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
  ProgressBar,
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
import { Pager, saveBlob, useNotify } from '@sensorium/core/client';
import { DAY_MS, EXPORT_FILE_NAME, PAGE_SIZES, splitDeviceData, valueText } from '../common';
import type { RawDataTableStoreInstance, RawDataView } from './store';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, maxWidth: '420px' },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS },
  table: { overflowX: 'auto', maxWidth: '100%' },
  /** On a phone the table scrolls sideways inside its box rather than squeezing its columns. */
  grid: { minWidth: '720px' },
  /** A device name without spaces wraps inside its cell instead of running out of it. */
  device: { overflowWrap: 'anywhere' },
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

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** dd/MM/yyyy HH:mm:ss.SSS in the browser's time zone (node spec 9). */
export function formatRowTime(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return (
    `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`
  );
}

/** 1.2 MB, 340 KB, 12 B. */
function byteSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`;
}

/** What a table shows rows of: the application, and the devices (an item's own, or the page's filter). */
export interface RawDataTableProps {
  store: RawDataTableStoreInstance;
  appId: string;
  tags: string[];
  itemSpecific: boolean;
  /** Whether the table is shown: real-time polls only then. */
  active: boolean;
  /** Show the Device column (not for an item's own tab). */
  showDevice: boolean;
}

/** A datetime-local input value for a time. */
const localInput = (time: number) => {
  const d = new Date(time - new Date(time).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

/**
 * The raw data table (node spec 2.12), of the Raw Data History page and an item's Data History tab. Real-time polls the
 * last day with limit 100 about every 2 s while shown; History takes a date range (default the last day) and pages of
 * 10, 50 or 100. Raw and processed payloads open in a viewer; LoRa keys have their own badge group (spec 3.6); Export
 * Excel downloads data_history.xlsx, which the server streams from the current query (History: the whole range) while
 * a progress bar shows what arrived.
 */
export const RawDataTable = observer(function RawDataTable(props: RawDataTableProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const { store, appId, active, itemSpecific, showDevice } = props;
  const tagKey = props.tags.join('\n');
  const [mode, setMode] = useState<'realtime' | 'history'>('realtime');
  const [from, setFrom] = useState(() => localInput(Date.now() - DAY_MS));
  const [to, setTo] = useState(() => localInput(Date.now()));
  const [pageSize, setPageSize] = useState<number>(10);
  const [page, setPage] = useState(0);
  /** The row whose raw or processed payload is shown. */
  const [viewer, setViewer] = useState<{ id: string; kind: 'raw' | 'processed' } | null>(null);

  const fromTime = new Date(from).getTime();
  const toTime = new Date(to).getTime();
  const tags = tagKey === '' ? [] : tagKey.split('\n');
  const view: RawDataView = { appId, tags, itemSpecific, mode, from: fromTime, to: toTime, page, pageSize };

  // Another filter starts on the first page.
  useEffect(() => setPage(0), [appId, tagKey]);

  // While shown: real-time polls, history loads once per change of the range, filter or page.
  useEffect(() => {
    if (!active) return;
    const tags = tagKey === '' ? [] : tagKey.split('\n');
    return store.watch({ appId, tags, itemSpecific, mode, from: fromTime, to: toTime, page, pageSize });
  }, [active, store, appId, tagKey, itemSpecific, mode, fromTime, toTime, page, pageSize]);

  const rows = store.rows;
  const failure = store.loading.failure;
  // The range's own problem, else the server's message: a search that failed never leaves old rows looking current.
  const problem = store.rangeProblem ? t(store.rangeProblem) : failure ? (failure.message ?? t('raw-data.failed')) : null;
  const shown = mode === 'realtime' ? rows.slice(page * pageSize, (page + 1) * pageSize) : rows;
  const count = mode === 'realtime' ? rows.length : store.total;
  const viewed = viewer ? rows.find((row) => row.id === viewer.id) : undefined;
  const viewerTitle = viewer?.kind === 'raw' ? t('raw-data.raw') : t('raw-data.processed');
  const columns = showDevice
    ? (['time', 'source', 'device', 'data', 'lora', 'payloads'] as const)
    : (['time', 'source', 'data', 'lora', 'payloads'] as const);

  const exportExcel = async () => {
    const outcome = await store.exportExcel(view);
    if (!outcome.ok) {
      notify({ intent: 'error', title: t('raw-data.exportFailed'), body: outcome.failure.message ?? undefined });
      return;
    }
    saveBlob(outcome.value, EXPORT_FILE_NAME);
    notify({ intent: 'success', title: t('raw-data.exportDone', { rows: store.exportRows ?? 0 }) });
  };
  const received = byteSize(store.exportReceived);

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
        <Tab value="realtime">{t('raw-data.realtime')}</Tab>
        <Tab value="history">{t('raw-data.history')}</Tab>
      </TabList>
      <div className={styles.line}>
        {mode === 'history' && (
          <>
            <Field label={t('raw-data.from')}>
              <Input type="datetime-local" value={from} onChange={(_, data) => (setFrom(data.value), setPage(0))} />
            </Field>
            <Field label={t('raw-data.to')}>
              <Input type="datetime-local" value={to} onChange={(_, data) => (setTo(data.value), setPage(0))} />
            </Field>
          </>
        )}
        <Field label={t('raw-data.pageSize')}>
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
          {t('raw-data.export')}
        </Button>
      </div>
      {store.exporting.pending && (
        <div className={styles.progress} role="status" aria-label={t('raw-data.exporting')}>
          {/* The file's size is not known before its end: the bar runs, and the text counts what arrived. */}
          <ProgressBar thickness="large" />
          <Text size={200}>
            {store.exportRows === null
              ? t('raw-data.exportProgress', { received })
              : t('raw-data.exportProgressRows', { received, rows: store.exportRows })}
          </Text>
        </div>
      )}
      {problem && (
        <MessageBar intent={store.rangeProblem ? 'warning' : 'error'} role="alert">
          <MessageBarBody>
            {problem}
            {mode === 'realtime' && rows.length > 0 && ` ${t('raw-data.stale')}`}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.table}>
        <Table size="small" className={styles.grid} aria-label={t('raw-data.table')}>
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHeaderCell key={column}>{t(`raw-data.${column}`)}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((row) => {
              const { lora, fields } = splitDeviceData(row.payload?.deviceData);
              return (
                <TableRow key={`${row.id}-${row.createdAt}`}>
                  <TableCell>{formatRowTime(row.createdAt)}</TableCell>
                  <TableCell>{row.source}</TableCell>
                  {showDevice && <TableCell className={styles.device}>{row.itemName ?? ''}</TableCell>}
                  <TableCell>
                    <ValueBadges className={styles.badges} entries={fields} appearance="tint" color="brand" />
                  </TableCell>
                  <TableCell>
                    <ValueBadges className={styles.badges} entries={lora} appearance="outline" color="informative" />
                  </TableCell>
                  <TableCell>
                    <div className={styles.badges}>
                      <Button size="small" onClick={() => setViewer({ id: row.id, kind: 'raw' })}>
                        {t('raw-data.raw')}
                      </Button>
                      <Button size="small" onClick={() => setViewer({ id: row.id, kind: 'processed' })}>
                        {t('raw-data.processed')}
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {shown.length === 0 && <Text>{t('raw-data.empty')}</Text>}
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
                <Button onClick={() => setViewer(null)}>{t('raw-data.close')}</Button>
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
