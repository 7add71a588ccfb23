import 'uplot/dist/uPlot.min.css';
import { Button, Field, makeStyles, Select, Spinner, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { normalizeFieldPreference } from '../../common/field-preference';
import type { HistoryResponse } from '../../common/types';
import type { Item, NodesApi } from '../api';
import { formatDateTime } from '../format';
import { CHART_RESIZE_DELAYS_MS, chartSeries, type ChartSeries } from './chart-data';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  line: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  chart: { width: '100%', minWidth: 0 },
});

const RANGES = { '1h': 3600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 } as const;
type RangeKey = keyof typeof RANGES;

/** One uPlot graph of one field. */
function FieldChart(props: { series: ChartSeries; width: number }) {
  const styles = useStyles();
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const { series } = props;

  useEffect(() => {
    if (!host.current) return;
    const options: uPlot.Options = {
      width: Math.max(200, props.width),
      height: 200,
      series: [
        { value: (_u, v) => (v === null ? '' : formatDateTime(v * 1000)) },
        {
          label: series.label,
          stroke: '#0f6cbd',
          width: 1.5,
          spanGaps: true,
          value: (_u, v) => (v === null ? '-' : `${v}${series.unit ? ` ${series.unit}` : ''}`),
        },
      ],
      axes: [{}, { label: series.unit || undefined }],
      cursor: { drag: { x: true, y: false } },
    };
    plot.current = new uPlot(options, [series.x, series.y], host.current);
    return () => {
      plot.current?.destroy();
      plot.current = null;
    };
    // The width is applied by setSize below; a new plot only for new data.
  }, [series]);

  useEffect(() => {
    plot.current?.setSize({ width: Math.max(200, props.width), height: 200 });
  }, [props.width]);

  return <div ref={host} className={styles.chart} data-testid={`chart-${series.field}`} />;
}

/**
 * Chart tab (spec 2.2 tab 5): a uPlot time-series graph for every numeric field of the item, from the stored field
 * history. When the tab is shown, the charts resize at 0, 200 and 500 ms (the panel may still be laying out).
 */
export function ChartTab(props: { api: NodesApi; item: Item; visible: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  const [range, setRange] = useState<RangeKey>('24h');
  const [data, setData] = useState<HistoryResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const { api, item } = props;

  const load = useCallback(() => {
    const to = new Date();
    setFailed(false);
    api
      .history(item.uuid, new Date(to.getTime() - RANGES[range]), to)
      .then(setData)
      .catch(() => setFailed(true));
  }, [api, item.uuid, range]);

  useEffect(() => {
    if (props.visible) load();
  }, [props.visible, load]);

  const measure = useCallback(() => {
    if (box.current && box.current.clientWidth > 0) setWidth(box.current.clientWidth);
  }, []);

  useEffect(() => {
    if (!props.visible) return;
    const timers = CHART_RESIZE_DELAYS_MS.map((delay) => setTimeout(measure, delay));
    window.addEventListener('resize', measure);
    return () => {
      timers.forEach(clearTimeout);
      window.removeEventListener('resize', measure);
    };
  }, [props.visible, measure]);

  const preferences = Object.fromEntries(
    Object.entries(item.input).map(([field, stored]) => [field, normalizeFieldPreference(field, stored)]),
  );
  const series = data ? chartSeries(data, preferences) : [];

  return (
    <div className={styles.tab} ref={box}>
      <div className={styles.line}>
        <Field label={t('nodes.chart.range')}>
          <Select value={range} onChange={(_, d) => setRange(d.value as RangeKey)}>
            {(Object.keys(RANGES) as RangeKey[]).map((key) => (
              <option key={key} value={key}>
                {t(`nodes.chart.ranges.${key}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button icon={<ArrowClockwiseRegular />} onClick={load}>
          {t('nodes.chart.refresh')}
        </Button>
      </div>
      {failed && <Text>{t('nodes.chart.failed')}</Text>}
      {!data && !failed && <Spinner size="small" />}
      {data && series.length === 0 && <Text>{t('nodes.chart.empty')}</Text>}
      {series.map((s) => (
        <section key={s.field} aria-label={s.label}>
          <Subtitle2 as="h3">{s.label}</Subtitle2>
          <FieldChart series={s} width={width} />
        </section>
      ))}
    </div>
  );
}
