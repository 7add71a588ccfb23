import { reaction } from 'mobx';
import { addDisposer, getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type StoreEnv } from '@sensorium/core/client';
import type { FieldPreference } from '@sensorium/nodes/common';
import { SUMMARY_INTERVALS, SUMMARY_TYPES, type SummaryInterval, type SummaryType } from '../common';
import { pipelineApi } from './api';
import { chartSeries, type ChartSeries } from './chart-data';
import { historyRangeProblem } from './raw-data';

const HOUR_MS = 3600_000;
/** The Chart tab's periods up to now; `custom` is a range of the user's. */
export const CHART_RANGES = { '1h': HOUR_MS, '24h': 24 * HOUR_MS, '7d': 7 * 24 * HOUR_MS, '30d': 30 * 24 * HOUR_MS } as const;
export const CHART_PERIODS = [...(Object.keys(CHART_RANGES) as (keyof typeof CHART_RANGES)[]), 'custom'] as const;
export type ChartRange = (typeof CHART_PERIODS)[number];
/** Live values reload a chart of a period up to now at most this often. */
export const CHART_LIVE_MS = 5000;

interface LoadTarget {
  appId: string;
  itemUuid: string;
  preferences: Record<string, FieldPreference>;
  /** About the chart's width in pixels: raw values beyond twice as many points are thinned by the server. */
  width: number;
}

/**
 * The Chart tab of the selected item (node spec 2.2 tab 5): its field history over a period up to now or a custom
 * range, as raw values or a summary per interval (accounts spec §3). A period up to now follows live values.
 */
export const ChartStore = types
  .model('Chart', {
    itemUuid: '',
    range: types.optional(types.enumeration<ChartRange>('ChartRange', [...CHART_PERIODS]), '24h'),
    /** The custom range's ends (epoch ms; null while empty). */
    customFrom: types.maybeNull(types.number),
    customTo: types.maybeNull(types.number),
    summary: types.optional(types.enumeration<SummaryType>('SummaryType', [...SUMMARY_TYPES]), 'raw'),
    interval: types.optional(types.enumeration<SummaryInterval>('SummaryInterval', [...SUMMARY_INTERVALS]), '1h'),
    loading: types.optional(RequestModel, {}),
  })
  .volatile(() => ({
    // One series per field, possibly thousands of points each: plain arrays as uPlot takes them, not MST nodes.
    series: null as ChartSeries[] | null,
    request: 0,
    lastLoadAt: 0,
    target: null as LoadTarget | null,
    liveTimer: null as ReturnType<typeof setTimeout> | null,
  }))
  .views((self) => ({
    /** Why the custom range cannot be charted (an i18n key), or null. */
    get rangeProblem(): string | null {
      return self.range === 'custom' ? historyRangeProblem(self.customFrom ?? NaN, self.customTo ?? NaN) : null;
    },
    /** Live values move a period up to now; a custom range stays as chosen. */
    get followsLive(): boolean {
      return self.range !== 'custom';
    },
  }))
  .actions((self) => ({
    forget() {
      self.series = null;
      if (self.liveTimer) clearTimeout(self.liveTimer);
      self.liveTimer = null;
    },
    setRange(range: ChartRange) {
      if (range === 'custom' && self.range !== 'custom' && self.customFrom === null) {
        // The custom range opens on the period shown until now.
        const to = Date.now();
        self.customTo = to;
        self.customFrom = to - CHART_RANGES[self.range];
      }
      self.range = range;
    },
    /** The custom range's ends as typed (NaN or null: empty). */
    setCustom(from: number | null, to: number | null) {
      self.customFrom = Number.isFinite(from) ? from : null;
      self.customTo = Number.isFinite(to) ? to : null;
    },
    setSummary(summary: SummaryType) {
      self.summary = summary;
    },
    setInterval(interval: SummaryInterval) {
      self.interval = interval;
    },
    start(target: LoadTarget): number {
      if (target.itemUuid !== self.itemUuid) {
        // Another item starts on the default period, like a newly opened tab.
        self.itemUuid = target.itemUuid;
        self.series = null;
        self.range = '24h';
      }
      self.target = target;
      self.lastLoadAt = Date.now();
      return ++self.request;
    },
    setSeries(request: number, series: ChartSeries[]) {
      if (request === self.request) self.series = series;
    },
    setLiveTimer(timer: ReturnType<typeof setTimeout> | null) {
      self.liveTimer = timer;
    },
  }))
  .actions((self) => ({
    afterCreate() {
      // The root store resets plugin stores by snapshot when the user changes, which leaves volatile state alone.
      addDisposer(
        self,
        reaction(
          () => self.itemUuid,
          () => self.forget(),
        ),
      );
      addDisposer(self, () => self.forget());
    },
    /** Loads the item's history over the chosen period, raw or summarised (the preferences give labels, units and order). */
    async load(target: LoadTarget): Promise<void> {
      if (self.range === 'custom' && self.rangeProblem) return;
      const request = self.start(target);
      const { http } = getEnv<Pick<StoreEnv, 'http'>>(self);
      const custom = self.range === 'custom';
      const to = custom ? new Date(self.customTo!) : new Date();
      const from = custom
        ? new Date(self.customFrom!)
        : new Date(to.getTime() - CHART_RANGES[self.range as keyof typeof CHART_RANGES]);
      const outcome = await track(self.loading, () =>
        pipelineApi(http, target.appId).chart(target.itemUuid, {
          from: from.toISOString(),
          to: to.toISOString(),
          summary: self.summary,
          interval: self.interval,
          utcOffsetMinutes: -to.getTimezoneOffset(),
          points: Math.min(10_000, Math.max(10, Math.round(target.width * 2))),
        }),
      );
      if (outcome.ok) self.setSeries(request, chartSeries(outcome.value, target.preferences));
    },
  }))
  .actions((self) => ({
    /**
     * A live value of the charted item arrived: a period up to now reloads, at most every CHART_LIVE_MS (a burst of
     * values loads once more at the end of the wait).
     */
    followLive(itemUuid: string): void {
      const target = self.target;
      if (!self.followsLive || !target || target.itemUuid !== itemUuid || self.liveTimer) return;
      const wait = self.lastLoadAt + CHART_LIVE_MS - Date.now();
      self.setLiveTimer(
        setTimeout(
          () => {
            self.setLiveTimer(null);
            if (self.target === target && self.followsLive) void self.load(target);
          },
          Math.max(0, wait),
        ),
      );
    },
  }));

export type ChartStoreInstance = Instance<typeof ChartStore>;
