import {
  Badge,
  Button,
  Field,
  Input,
  makeStyles,
  Select,
  Tab,
  TabList,
  TableCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@sensorium/core/client';
import { errorMessage, type NodesApi, type RawDataQuery, type RawDataRow } from '../api';
import { formatDateTime } from '../format';
import { DAY_MS, EXPORT_FILE_NAME, PAGE_SIZES, REALTIME_POLL_MS, splitDeviceData, valueText } from './raw-data';
import { DialogShell } from '../dialogs/dialog-shell';
import { Pager, SmallTable } from '../table';

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
 * current query (POST /raw-data-history/search/excel; History: the whole range).
 */
export function DataHistoryTab(props: { api: NodesApi; itemName: string; active: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const { api, itemName } = props;
  const [mode, setMode] = useState<'realtime' | 'history'>('realtime');
  const [from, setFrom] = useState(() => localInput(Date.now() - DAY_MS));
  const [to, setTo] = useState(() => localInput(Date.now()));
  const [pageSize, setPageSize] = useState<number>(10);
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState<RawDataRow[]>([]);
  const [total, setTotal] = useState(0);
  const [viewer, setViewer] = useState<{ title: string; value: unknown } | null>(null);
  const [exporting, setExporting] = useState(false);

  /** The search body of the current mode: real-time is the last day, limit 100; history the chosen range. */
  const body = useCallback(
    (limit: number, offset: number): Omit<RawDataQuery, 'appId'> => {
      if (mode === 'realtime') {
        const now = Date.now();
        return {
          tags: [itemName],
          isItemSpecific: true,
          viewMode: 'realtime',
          startTime: new Date(now - DAY_MS).toISOString(),
          endTime: new Date(now).toISOString(),
          limit: 100,
          offset: 0,
        };
      }
      return {
        tags: [itemName],
        isItemSpecific: true,
        viewMode: 'history',
        startTime: new Date(from).toISOString(),
        // The picker has minute precision: the end minute is included.
        endTime: new Date(new Date(to).getTime() + 59_999).toISOString(),
        limit,
        offset,
      };
    },
    [itemName, mode, from, to],
  );

  useEffect(() => {
    if (!props.active) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = async () => {
      try {
        const result = await api.rawData(body(pageSize, page * pageSize));
        if (!live) return;
        setRows(result.rows);
        setTotal(result.total);
      } catch {
        // A failed poll keeps the last rows; the next poll tries again.
      }
      if (live && mode === 'realtime') timer = setTimeout(() => void load(), REALTIME_POLL_MS);
    };
    void load();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [props.active, api, body, mode, page, pageSize]);

  const shown = mode === 'realtime' ? rows.slice(page * pageSize, (page + 1) * pageSize) : rows;
  const count = mode === 'realtime' ? rows.length : total;
  const pages = Math.max(1, Math.ceil(count / pageSize));

  const exportExcel = async () => {
    setExporting(true);
    try {
      // The server builds the workbook (times in the browser's offset from UTC).
      const file = await api.rawDataExcel(body(pageSize, 0), -new Date().getTimezoneOffset());
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = EXPORT_FILE_NAME;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 0);
    } catch (error) {
      notify({ intent: 'error', title: t('nodes.history.exportFailed'), body: await errorMessage(error) });
    } finally {
      setExporting(false);
    }
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
          setRows([]);
        }}
      >
        <Tab value="realtime">{t('nodes.history.realtime')}</Tab>
        <Tab value="history">{t('nodes.history.history')}</Tab>
      </TabList>
      <div className={styles.line}>
        {mode === 'history' && (
          <>
            <Field label={t('nodes.history.from')}>
              <Input type="datetime-local" value={from} onChange={(_, data) => (setFrom(data.value), setPage(0))} />
            </Field>
            <Field label={t('nodes.history.to')}>
              <Input type="datetime-local" value={to} onChange={(_, data) => (setTo(data.value), setPage(0))} />
            </Field>
          </>
        )}
        <Field label={t('nodes.history.pageSize')}>
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
        <Button icon={<ArrowDownloadRegular />} disabled={exporting} onClick={() => void exportExcel()}>
          {t('nodes.history.export')}
        </Button>
      </div>
      <div className={styles.table}>
        <SmallTable
          label={t('nodes.history.table')}
          columns={[
            t('nodes.history.time'),
            t('nodes.history.source'),
            t('nodes.history.data'),
            t('nodes.history.lora'),
            t('nodes.history.payloads'),
          ]}
        >
          {shown.map((row, index) => {
            const { lora, fields } = splitDeviceData(row.payload?.deviceData);
            return (
              <TableRow key={`${row.id ?? index}-${row.createdAt}`}>
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
                    <Button size="small" onClick={() => setViewer({ title: t('nodes.history.raw'), value: row.raw })}>
                      {t('nodes.history.raw')}
                    </Button>
                    <Button size="small" onClick={() => setViewer({ title: t('nodes.history.processed'), value: row.payload })}>
                      {t('nodes.history.processed')}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </SmallTable>
        {shown.length === 0 && <Text>{t('nodes.history.empty')}</Text>}
      </div>
      <Pager page={page} pages={pages} text={t('nodes.history.page', { page: page + 1, pages, total: count })} onPage={setPage} />
      {viewer && (
        <DialogShell
          label={viewer.title}
          title={viewer.title}
          onClose={() => setViewer(null)}
          actions={
            <>
              <Button onClick={() => setViewer(null)}>{t('nodes.close')}</Button>
            </>
          }
        >
          <pre className={styles.json}>{JSON.stringify(viewer.value, null, 2)}</pre>
        </DialogShell>
      )}
    </div>
  );
}

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
