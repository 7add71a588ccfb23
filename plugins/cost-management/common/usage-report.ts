/** The channels a usage report counts messages on: the notifications' channels and the webhooks of event actions. */
export const USAGE_CHANNELS = ['email', 'sms', 'whatsapp', 'voice', 'webhook'] as const;
export type UsageChannel = (typeof USAGE_CHANNELS)[number];

/** One application's usage in one calendar month (UTC). */
export interface UsageRow {
  appId: string;
  appName: string;
  endCustomerName: string;
  /** `YYYY-MM`. */
  month: string;
  /** Uplinks received: those stored in raw data plus those refused as dead letters. */
  uplinks: number;
  /** Rows stored for the month: raw data and chart history. */
  rawRows: number;
  historyRows: number;
  /** Messages sent per channel (webhook: requests made, retries included). */
  messages: Record<UsageChannel, number>;
}

/** GET /api/cost-management/usage: the months asked for, and a row per application and month with any usage. */
export interface UsageReport {
  from: string;
  to: string;
  /** Every month of the range, oldest first. */
  months: string[];
  /** How many applications the caller may see (those without usage have no row). */
  applications: number;
  /** By month, then application name. */
  rows: UsageRow[];
}

/** The Excel export's file name. */
export const USAGE_EXPORT_FILE_NAME = 'usage_report.xlsx';
