import dayjs from 'dayjs';
import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome, type StoreEnv } from '@sensorium/core/client';
import { USAGE_CHANNELS, type UsageChannel, type UsageReport } from '../common';

/** Months a fresh report covers, this one included. */
export const DEFAULT_MONTHS = 6;

const MessagesModel = types.model(
  'UsageMessages',
  Object.fromEntries(USAGE_CHANNELS.map((channel) => [channel, types.number])) as Record<UsageChannel, typeof types.number>,
);

/** One application's month, typed field by field as GET /cost-management/usage answers it. */
export const UsageRowModel = types.model('UsageRow', {
  appId: types.string,
  appName: types.string,
  endCustomerName: types.string,
  month: types.string,
  uplinks: types.number,
  rawRows: types.number,
  historyRows: types.number,
  messages: MessagesModel,
});
export type UsageRowInstance = Instance<typeof UsageRowModel>;

/** The sums of one month over every application, for the chart. */
export interface MonthTotals {
  month: string;
  uplinks: number;
  storedRows: number;
  messages: number;
}

/** The last `DEFAULT_MONTHS` months up to `now`'s, as `YYYY-MM`. */
export function defaultRange(now = dayjs()): { from: string; to: string } {
  return { from: now.subtract(DEFAULT_MONTHS - 1, 'month').format('YYYY-MM'), to: now.format('YYYY-MM') };
}

/** Testing > Cost Management: the month range asked for and the report the server answered for it. */
export const CostManagementStore = types
  .model('CostManagementStore', {
    from: '',
    to: '',
    /** The months of the last report, oldest first. */
    months: types.array(types.string),
    applications: 0,
    rows: types.array(UsageRowModel),
    loading: types.optional(RequestModel, {}),
    exporting: types.optional(RequestModel, {}),
  })
  .views((self) => ({
    get totals(): MonthTotals[] {
      return self.months.map((month) => {
        const rows = self.rows.filter((row) => row.month === month);
        const sum = (read: (row: UsageRowInstance) => number) => rows.reduce((total, row) => total + read(row), 0);
        return {
          month,
          uplinks: sum((row) => row.uplinks),
          storedRows: sum((row) => row.rawRows + row.historyRows),
          messages: sum((row) => USAGE_CHANNELS.reduce((total, channel) => total + row.messages[channel], 0)),
        };
      });
    },
    get query(): { from: string; to: string } {
      return { from: self.from, to: self.to };
    },
  }))
  .actions((self) => ({
    setRange(range: Partial<{ from: string; to: string }>) {
      Object.assign(self, range);
    },
    setReport(report: UsageReport) {
      self.months.replace(report.months);
      self.applications = report.applications;
      self.rows.replace(report.rows);
    },
  }))
  .actions((self) => {
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    return {
      /** Loads the report of the range (the default range first time); a 400 names the month it refuses. */
      async load(): Promise<void> {
        if (!self.from || !self.to) self.setRange(defaultRange());
        const outcome = await track(self.loading, () =>
          http().get('cost-management/usage', { searchParams: self.query }).json<UsageReport>(),
        );
        if (outcome.ok) self.setReport(outcome.value);
      },
      /** The range's report as an Excel file. */
      exportExcel(): Promise<Outcome<Blob>> {
        return track(self.exporting, () => http().get('cost-management/usage/export', { searchParams: self.query }).blob());
      },
    };
  });

export type CostManagementStoreInstance = Instance<typeof CostManagementStore>;
