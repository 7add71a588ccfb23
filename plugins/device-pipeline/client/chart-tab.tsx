import 'uplot/dist/uPlot.min.css';
import { Button, Field, Input, makeStyles, Select, Spinner, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { usePluginStore } from '@sensorium/core/client';
import { normalizeFieldPreference, type ItemSettingsTabProps } from '@sensorium/nodes/common';
import { SUMMARY_INTERVALS, SUMMARY_TYPES, type SummaryInterval, type SummaryType } from '../common';
import { CHART_RESIZE_DELAYS_MS, legendTime, localInputValue, timeAxisLabels, type ChartSeries } from './chart-data';
import { CHART_PERIODS, type ChartRange } from './chart-store';
import type { DevicePipelineStore } from './store';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  chart: { width: '100%', minWidth: 0 },
});

interface ChartTexts {
  language: string;
  time: string;
}

/** One uPlot graph of one field: created again for another field, label, unit or language; new points replace its data. */
function FieldChart(props: { series: ChartSeries; width: number; texts: ChartTexts }) {
  const styles = useStyles();
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const { series, width, texts } = props;
  const { field, label, unit } = series;
  // The plot starts at the width and with the data of the moment; later ones are applied by setSize and setData.
  const latest = useRef({ width, series });
  useLayoutEffect(() => {
    latest.current = { width, series };
  });

  useEffect(() => {
    if (!host.current) return;
    const options: uPlot.Options = {
      width: Math.max(200, latest.current.width),
      height: 200,
      series: [
        { label: texts.time, value: (_u, v) => (v === null ? '' : legendTime(v)) },
        {
          label,
          stroke: '#0f6cbd',
          width: 1.5,
          spanGaps: true,
          value: (_u, v) => (v === null ? '-' : `${v}${unit ? ` ${unit}` : ''}`),
        },
      ],
      axes: [
        { values: (_u, ticks, _axis, _space, incr) => timeAxisLabels(texts.language, ticks, incr) },
        { label: unit || undefined },
      ],
      cursor: { drag: { x: true, y: false } },
    };
    plot.current = new uPlot(options, [latest.current.series.x, latest.current.series.y], host.current);
    return () => {
      plot.current?.destroy();
      plot.current = null;
    };
  }, [field, label, unit, texts]);

  useEffect(() => {
    plot.current?.setData([series.x, series.y]);
  }, [series]);

  useEffect(() => {
    plot.current?.setSize({ width: Math.max(200, width), height: 200 });
  }, [width]);

  return <div ref={host} className={styles.chart} data-testid={`chart-${series.field}`} />;
}

/**
 * Chart tab (spec 2.2 tab 5): a uPlot time-series graph for every numeric field of the item, from the stored field
 * history, over a period up to now (following live values) or a custom range, as raw values or a summary per interval
 * (accounts spec §3). Times read dd/MM/yyyy HH:mm:ss and month names follow the language. When the tab is shown, the
 * charts resize at 0, 200 and 500 ms (the panel may still be laying out).
 */
export const ChartTab = observer(function ChartTab(props: ItemSettingsTabProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  /** The width a load asks points for; kept beside the state so a resize alone does not reload. */
  const widthRef = useRef(width);
  const store = usePluginStore<typeof DevicePipelineStore>('devicePipeline').chart;
  const { appId, item, active } = props;
  const { range, summary, interval, customFrom, customTo } = store;
  const texts = useMemo(() => ({ language: i18n.language, time: t('device-pipeline.chart.time') }), [i18n.language, t]);

  const target = useCallback(
    () => ({
      appId,
      itemUuid: item.uuid,
      preferences: Object.fromEntries(
        Object.entries(item.input).map(([field, stored]) => [field, normalizeFieldPreference(field, stored)]),
      ),
      width: widthRef.current,
    }),
    [appId, item.uuid, item.input],
  );
  const load = useCallback(() => void store.load(target()), [store, target]);

  // Loaded when shown, and again for another period, range or summary (read by the store). Width changes resize the
  // plots without reloading: a load reads the width last measured.
  useEffect(() => {
    if (active) load();
  }, [active, load, range, summary, interval, customFrom, customTo]);

  // Live values of the item move a period up to now.
  useEffect(() => {
    if (active && item.lastReceiveDate) store.followLive(item.uuid);
  }, [active, store, item.uuid, item.lastReceiveDate]);

  const measure = useCallback(() => {
    if (box.current && box.current.clientWidth > 0) {
      widthRef.current = box.current.clientWidth;
      setWidth(widthRef.current);
    }
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
  const problem = store.rangeProblem;

  return (
    <div className={styles.tab} ref={box}>
      <div className={styles.line}>
        <Field label={t('device-pipeline.chart.range')}>
          <Select value={range} onChange={(_, d) => store.setRange(d.value as ChartRange)}>
            {CHART_PERIODS.map((key) => (
              <option key={key} value={key}>
                {t(`device-pipeline.chart.ranges.${key}`)}
              </option>
            ))}
          </Select>
        </Field>
        {range === 'custom' && (
          <>
            <Field label={t('device-pipeline.history.from')}>
              <Input
                type="datetime-local"
                value={customFrom === null ? '' : localInputValue(customFrom)}
                onChange={(_, d) => store.setCustom(d.value ? new Date(d.value).getTime() : null, customTo)}
              />
            </Field>
            <Field label={t('device-pipeline.history.to')}>
              <Input
                type="datetime-local"
                value={customTo === null ? '' : localInputValue(customTo)}
                onChange={(_, d) => store.setCustom(customFrom, d.value ? new Date(d.value).getTime() : null)}
              />
            </Field>
          </>
        )}
        <Field label={t('device-pipeline.chart.summary')}>
          <Select value={summary} onChange={(_, d) => store.setSummary(d.value as SummaryType)}>
            {SUMMARY_TYPES.map((key) => (
              <option key={key} value={key}>
                {t(`device-pipeline.chart.summaries.${key}`)}
              </option>
            ))}
          </Select>
        </Field>
        {summary !== 'raw' && (
          <Field label={t('device-pipeline.chart.interval')}>
            <Select value={interval} onChange={(_, d) => store.setInterval(d.value as SummaryInterval)}>
              {SUMMARY_INTERVALS.map((key) => (
                <option key={key} value={key}>
                  {t(`device-pipeline.chart.intervals.${key}`)}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Button icon={<ArrowClockwiseRegular />} onClick={load} disabled={!!problem}>
          {t('device-pipeline.chart.refresh')}
        </Button>
      </div>
      {problem && <Text role="alert">{t(problem)}</Text>}
      {store.loading.failure && <Text role="alert">{store.loading.failure.message || t('device-pipeline.chart.failed')}</Text>}
      {!problem && !series && !store.loading.failed && <Spinner size="small" />}
      {series && series.length === 0 && <Text>{t('device-pipeline.chart.empty')}</Text>}
      {series?.map((s) => (
        <section key={s.field} aria-label={s.label}>
          <Subtitle2 as="h3">{s.label}</Subtitle2>
          <FieldChart series={s} width={width} texts={texts} />
        </section>
      ))}
    </div>
  );
});
