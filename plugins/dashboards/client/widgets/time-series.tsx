import 'uplot/dist/uPlot.min.css';
import { Text } from '@fluentui/react-components';
import { reaction } from 'mobx';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { useHttp } from '@sensorium/core/client';
import type { ChartResponse } from '@sensorium/device-pipeline/common';
import type { SharedChart } from '../../common';
import { numericValue, rangeColour } from '../value-format';
import { BindingProblem } from './binding-problem';
import type { WidgetProps } from './widget-props';

const HOUR_MS = 3_600_000;
const COLOURS = ['#0f6cbd', '#c239b3', '#107c10', '#f7630c', '#8764b8', '#038387'];
/** Points a live chart keeps per field; older ones scroll off. */
const LIVE_POINTS = 2000;

type Table = [number[], ...(number | null)[][]];

/** One field's history as uPlot data: seconds and numeric values. */
function pointsOf(points: readonly [number, number | string | null][]): [number[], (number | null)[]] {
  const x: number[] = [];
  const y: (number | null)[] = [];
  for (const [at, value] of points) {
    if (typeof value === 'string') continue;
    x.push(at / 1000);
    y.push(value);
  }
  return [x, y];
}

/** Draws the first field's ranges as coloured bands behind the lines. */
function bandsPlugin(ranges: { startNum: number; endNum: number; color: string }[]): uPlot.Plugin {
  return {
    hooks: {
      drawClear: (u) => {
        const { ctx, bbox } = u;
        ctx.save();
        ctx.globalAlpha = 0.12;
        for (const range of ranges) {
          const colour = rangeColour(range.color);
          if (!colour) continue;
          const top = u.valToPos(Math.min(range.endNum, u.scales.y!.max ?? range.endNum), 'y', true);
          const bottom = u.valToPos(Math.max(range.startNum, u.scales.y!.min ?? range.startNum), 'y', true);
          if (!(bottom > top)) continue;
          ctx.fillStyle = colour;
          ctx.fillRect(bbox.left, top, bbox.width, bottom - top);
        }
        ctx.restore();
      },
    },
  };
}

/**
 * One or several fields over options.rangeHours (24 by default), from the device pipeline's downsampled chart call
 * (points thinned to the chart's width), the first field's ranges drawn as bands; live values are appended as they
 * arrive. Through a share link the history comes from the link's own call for this widget (downsampled the same way),
 * and the values its view polls are appended.
 */
export function TimeSeries({ widget, store }: WidgetProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const bindings = widget.bindings.filter((binding) => store.items.has(binding.itemUuid) && binding.field);
  const key = bindings.map((binding) => `${binding.itemUuid}:${binding.field}`).join(',');
  const hours = widget.options.rangeHours ?? 24;
  const widgetId = widget.id;

  useEffect(() => {
    const box = host.current;
    // The bindings again from `key`: the chart is made anew only when its fields change.
    const bindings = key ? key.split(',').map((pair) => ({ itemUuid: pair.slice(0, 36), field: pair.slice(37) })) : [];
    if (!box || bindings.length === 0) return;
    let plot: uPlot | null = null;
    let disposed = false;
    const first = store.items.get(bindings[0]!.itemUuid)!.field(bindings[0]!.field);
    const options: uPlot.Options = {
      width: Math.max(120, box.clientWidth),
      height: Math.max(80, box.clientHeight - 30),
      legend: { show: bindings.length > 1 },
      series: [
        {},
        ...bindings.map((binding, index) => {
          const item = store.items.get(binding.itemUuid)!;
          return {
            label: `${item.displayName} ${item.field(binding.field)?.label ?? binding.field}`,
            stroke: COLOURS[index % COLOURS.length],
            width: 1.5,
            spanGaps: true,
          };
        }),
      ],
      plugins: [bandsPlugin(first?.ranges.map((range) => ({ ...range })) ?? [])],
    };
    const series: [number[], (number | null)[]][] = bindings.map(() => [[], []]);
    const redraw = () => plot?.setData(uPlot.join(series.map(([x, y]) => [x, y] as uPlot.AlignedData)) as unknown as Table);
    const points = Math.max(10, Math.min(2000, Math.round(box.clientWidth)));
    const loadShared = async () => {
      const answer = await http
        .get(`dashboard-share/widgets/${encodeURIComponent(widgetId)}/chart`, { searchParams: { points } })
        .json<SharedChart>();
      bindings.forEach((binding, index) => {
        const found = answer.series.find((entry) => entry.itemUuid === binding.itemUuid && entry.field === binding.field);
        series[index] = pointsOf(found?.points ?? []);
      });
    };
    const load = async () => {
      if (store.shared) return loadShared();
      const from = new Date(Date.now() - hours * HOUR_MS).toISOString();
      const answers = await Promise.all(
        bindings.map((binding) =>
          http
            .get(`node-structure-item/${encodeURIComponent(store.appId)}/items/${encodeURIComponent(binding.itemUuid)}/chart`, {
              searchParams: { field: binding.field, from, points },
            })
            .json<ChartResponse>(),
        ),
      );
      answers.forEach((answer, index) => (series[index] = pointsOf(answer.series[bindings[index]!.field] ?? [])));
    };
    plot = new uPlot(options, [[], ...bindings.map(() => [])] as uPlot.AlignedData, box);
    load()
      .then(() => !disposed && redraw())
      .catch(() => !disposed && setFailed(true));
    // Each item's new value is one more point of its field.
    const stops = bindings.map((binding, index) =>
      reaction(
        () => store.items.get(binding.itemUuid)?.lastReceiveDate,
        (received) => {
          const item = store.items.get(binding.itemUuid);
          const value = item ? numericValue(item, binding.field) : null;
          if (!received || value === null) return;
          const [x, y] = series[index]!;
          x.push(new Date(received).getTime() / 1000);
          y.push(value);
          if (x.length > LIVE_POINTS) series[index] = [x.slice(-LIVE_POINTS), y.slice(-LIVE_POINTS)];
          redraw();
        },
      ),
    );
    const resize = new ResizeObserver(() =>
      plot?.setSize({ width: Math.max(120, box.clientWidth), height: Math.max(80, box.clientHeight - 30) }),
    );
    resize.observe(box);
    return () => {
      disposed = true;
      stops.forEach((stop) => stop());
      resize.disconnect();
      plot?.destroy();
    };
  }, [key, hours, store, http, widgetId]);

  if (bindings.length === 0) return <BindingProblem bound={widget.bindings.length > 0} />;
  return (
    <>
      {failed && <Text role="alert">{t('dashboards.widget.chartFailed')}</Text>}
      <div ref={host} style={{ width: '100%', height: '100%' }} data-testid="widget-chart" />
    </>
  );
}
