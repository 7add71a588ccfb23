import 'uplot/dist/uPlot.min.css';
import { Button, Field, makeStyles, Select, Spinner, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { usePluginStore } from '@sensorium/core/client';
import { normalizeFieldPreference, type ItemSettingsTabProps } from '@sensorium/nodes/common';
import { CHART_RESIZE_DELAYS_MS, type ChartSeries } from './chart-data';
import { formatDateTime } from './format';
import { CHART_RANGES, type ChartRange, type DevicePipelineStore } from './store';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  line: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  chart: { width: '100%', minWidth: 0 },
});

/** One uPlot graph of one field. */
function FieldChart(props: { series: ChartSeries; width: number }) {
  const styles = useStyles();
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const { series, width } = props;
  // A new plot only for new data: it starts at the width of the moment, later widths are applied by setSize.
  const latestWidth = useRef(width);
  useLayoutEffect(() => {
    latestWidth.current = width;
  });

  useEffect(() => {
    if (!host.current) return;
    const options: uPlot.Options = {
      width: Math.max(200, latestWidth.current),
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
  }, [series]);

  useEffect(() => {
    plot.current?.setSize({ width: Math.max(200, width), height: 200 });
  }, [width]);

  return <div ref={host} className={styles.chart} data-testid={`chart-${series.field}`} />;
}

/**
 * Chart tab (spec 2.2 tab 5): a uPlot time-series graph for every numeric field of the item, from the stored field
 * history. When the tab is shown, the charts resize at 0, 200 and 500 ms (the panel may still be laying out).
 */
export const ChartTab = observer(function ChartTab(props: ItemSettingsTabProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  const store = usePluginStore<typeof DevicePipelineStore>('devicePipeline').chart;
  const { appId, item, active } = props;
  const { range } = store;

  const load = useCallback(() => {
    const preferences = Object.fromEntries(
      Object.entries(item.input).map(([field, stored]) => [field, normalizeFieldPreference(field, stored)]),
    );
    void store.load(appId, item.uuid, preferences);
  }, [store, appId, item.uuid, item.input]);

  // Loaded when shown, and again for another period. Live values do not reload the chart (the item's input stays).
  useEffect(() => {
    if (active) load();
  }, [active, load, range]);

  const measure = useCallback(() => {
    if (box.current && box.current.clientWidth > 0) setWidth(box.current.clientWidth);
  }, []);

  useEffect(() => {
    if (!active) return;
    const timers = CHART_RESIZE_DELAYS_MS.map((delay) => setTimeout(measure, delay));
    window.addEventListener('resize', measure);
    return () => {
      timers.forEach(clearTimeout);
      window.removeEventListener('resize', measure);
    };
  }, [active, measure]);

  const series = store.itemUuid === item.uuid ? store.series : null;

  return (
    <div className={styles.tab} ref={box}>
      <div className={styles.line}>
        <Field label={t('device-pipeline.chart.range')}>
          <Select value={range} onChange={(_, d) => store.setRange(d.value as ChartRange)}>
            {(Object.keys(CHART_RANGES) as ChartRange[]).map((key) => (
              <option key={key} value={key}>
                {t(`device-pipeline.chart.ranges.${key}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button icon={<ArrowClockwiseRegular />} onClick={load}>
          {t('device-pipeline.chart.refresh')}
        </Button>
      </div>
      {store.loading.failed && <Text>{t('device-pipeline.chart.failed')}</Text>}
      {!series && !store.loading.failed && <Spinner size="small" />}
      {series && series.length === 0 && <Text>{t('device-pipeline.chart.empty')}</Text>}
      {series?.map((s) => (
        <section key={s.field} aria-label={s.label}>
          <Subtitle2 as="h3">{s.label}</Subtitle2>
          <FieldChart series={s} width={width} />
        </section>
      ))}
    </div>
  );
});
