// JSON schemas of the usage report's answers, for the OpenAPI document only.
import { USAGE_CHANNELS } from '../common';

const month = { type: 'string', pattern: '^\\d{4}-\\d{2}$', description: 'YYYY-MM' };
const count = { type: 'integer', minimum: 0 };

/** An object whose every property is always present. */
const record = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

export const usageReportSchema = record({
  from: month,
  to: month,
  months: { type: 'array', items: month, description: 'Every month of the range, oldest first' },
  applications: { ...count, description: 'How many applications the caller may see (those without usage have no row)' },
  rows: {
    type: 'array',
    description: 'A row per application and month with any usage, by month, then application name',
    items: record({
      appId: { type: 'string' },
      appName: { type: 'string' },
      endCustomerName: { type: 'string' },
      month,
      uplinks: count,
      rawRows: count,
      historyRows: count,
      messages: record(Object.fromEntries(USAGE_CHANNELS.map((channel) => [channel, count]))),
    }),
  },
});
