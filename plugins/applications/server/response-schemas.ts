// JSON schemas of the application and end-customer answers, for the OpenAPI document only.
import { SEVERITY_COLOURS, SEVERITY_LEVELS } from '../common';

const text = { type: 'string' };
const nullableText = { type: ['string', 'null'] };
const instant = { type: 'string', format: 'date-time' };
const severity = { type: 'integer', minimum: 0, maximum: 4 };

/** An object whose every property is always present. */
const record = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

const severityLevelSchema = record({
  name: text,
  description: text,
  color: { type: 'string', enum: [...SEVERITY_COLOURS] },
  sound: { type: 'boolean' },
  enabled: { type: 'boolean' },
});

/** An application's settings: a key is absent until the user first saves it. */
const settingSchema = {
  type: 'object',
  properties: {
    severitySettingEnable: { type: 'boolean' },
    severitySetting: {
      type: 'object',
      properties: Object.fromEntries(SEVERITY_LEVELS.map((level) => [level, severityLevelSchema])),
      additionalProperties: false,
    },
  },
};

const detailProperties = {
  id: text,
  name: text,
  description: text,
  logo: nullableText,
  endCustomerId: text,
  endCustomerName: text,
  updateDate: instant,
  setting: settingSchema,
};

export const applicationDetailSchema = record(detailProperties);

export const endCustomerSchema = record({ id: text, name: text });

const eventEntrySchema = record({ title: text, severity, value: text });

export const applicationListSchema = record({
  appList: {
    type: 'array',
    items: record({
      ...detailProperties,
      // Null when the events could not be read.
      event: { oneOf: [record({ eventList: { type: 'array', items: eventEntrySchema } }), { type: 'null' }] },
    }),
  },
  endCustomerWithoutApps: { type: 'array', items: endCustomerSchema },
});

export const createdApplicationSchema = record({ id: text });

export const applicationIdCheckSchema = record({ existing: { type: 'boolean' } });

export const eventSummarySchema = {
  type: 'array',
  items: record({ appId: text, count: { type: 'string', pattern: '^[0-9]+$' }, severity }),
};

export const endCustomerListSchema = { type: 'array', items: endCustomerSchema };
