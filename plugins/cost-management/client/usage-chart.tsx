import 'uplot/dist/uPlot.min.css';
import { makeStyles } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import type { MonthTotals } from './store';

const useStyles = makeStyles({ chart: { width: '100%', minWidth: 0 } });

/** The chart's series: a colour and the translated label of each monthly total. */
export interface UsageChartLabels {
  uplinks: string;
  storedRows: string;
  messages: string;
}

const SERIES = [
  { key: 'uplinks', stroke: '#0f6cbd' },
  { key: 'storedRows', stroke: '#8764b8' },
  { key: 'messages', stroke: '#c50f1f' },
] as const;

/** Monthly totals as lines, one point a month; the axis names every month there is room for (about 64 px each). */
export function UsageChart(props: { totals: readonly MonthTotals[]; labels: UsageChartLabels; ariaLabel: string }) {
  const styles = useStyles();
  const host = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const { totals, labels } = props;

  // Follows the page's width (a phone turned, the sidebar minified) without building the plot again.
  useEffect(() => {
    if (!host.current) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(host.current);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!host.current || width === 0) return;
    const x = totals.map((_month, index) => index);
    const every = Math.max(1, Math.ceil((totals.length * 64) / width));
    const plot = new uPlot(
      {
        width,
        height: 240,
        series: [
          { value: (_u, index) => (index === null ? '' : (totals[index]?.month ?? '')) },
          ...SERIES.map(({ key, stroke }) => ({ label: labels[key], stroke, width: 2, points: { show: true, size: 6 } })),
        ],
        axes: [
          {
            splits: () => x.filter((index) => index % every === 0),
            values: (_u, ticks) => ticks.map((index) => totals[index]?.month ?? ''),
          },
          {},
        ],
        scales: { x: { time: false, range: () => [-0.25, Math.max(0.25, totals.length - 0.75)] } },
      },
      [x, ...SERIES.map(({ key }) => totals.map((month) => month[key]))],
      host.current,
    );
    return () => plot.destroy();
  }, [totals, labels, width]);

  return <div ref={host} className={styles.chart} role="img" aria-label={props.ariaLabel} data-testid="usage-chart" />;
}
