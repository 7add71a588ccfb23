// JSON schemas of the dashboard, share-link and shared-view answers, for the OpenAPI document only.
import { RANGE_COLORS } from '@sensorium/nodes/common';
import { WIDGET_TYPES } from '../common';

const text = { type: 'string' };
const number = { type: 'number' };
const uuid = { type: 'string', format: 'uuid' };
const instant = { type: 'string', format: 'date-time' };
const openObject = { type: 'object', additionalProperties: true };

/** An object whose every property is always present. */
const record = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

const widgetSchema = record({
  id: { type: 'string', description: 'Unique within its dashboard' },
  type: { type: 'string', enum: [...WIDGET_TYPES] },
  title: text,
  position: record({ x: { type: 'integer' }, y: { type: 'integer' }, w: { type: 'integer' }, h: { type: 'integer' } }),
  bindings: { type: 'array', items: record({ itemUuid: uuid, field: text }) },
  options: {
    type: 'object',
    properties: {
      min: number,
      max: number,
      rangeHours: number,
      floorPlanId: text,
      command: text,
      control: { type: 'string', enum: ['button', 'switch'] },
    },
  },
});

export const dashboardSchema = record({
  id: uuid,
  appId: text,
  name: text,
  isMain: { type: 'boolean' },
  themeId: { type: ['string', 'null'], format: 'uuid', description: 'null: the console’s colours' },
  widgets: { type: 'array', items: widgetSchema },
  updatedAt: instant,
});

export const dashboardListSchema = {
  type: 'array',
  description: 'Oldest first',
  items: record({
    id: uuid,
    name: text,
    isMain: { type: 'boolean' },
    widgetCount: { type: 'integer', minimum: 0 },
    updatedAt: instant,
  }),
};

export const mainDashboardSchema = record({ dashboard: { ...dashboardSchema, nullable: true } });

export const removedSchema = record({ id: uuid });

const dashboardItemSchema = record({
  uuid,
  itemName: text,
  displayName: text,
  fields: {
    type: 'array',
    items: record({
      field: text,
      label: text,
      unit: text,
      decimalPlace: { type: 'integer' },
      signal: text,
      ranges: {
        type: 'array',
        items: record({ name: text, color: { type: 'string', enum: [...RANGE_COLORS] }, startNum: number, endNum: number }),
      },
    }),
  },
  outputSimple: openObject,
  fieldStatus: {
    type: 'object',
    description: 'Per field, the name and colour of the range its value is in',
    additionalProperties: { type: 'object', properties: { status: text, color: text } },
  },
  severity: { type: 'integer' },
  connection: { type: 'boolean' },
  lastReceiveDate: { type: ['string', 'null'], format: 'date-time' },
  point: { ...record({ lat: number, lng: number }), nullable: true },
  commands: { type: 'array', items: record({ id: text, display: text }) },
});

export const dashboardItemsSchema = { type: 'array', items: dashboardItemSchema };

const shareLinkProperties = { id: uuid, createdAt: instant, expiresAt: instant, createdBy: { type: ['string', 'null'] } };

export const shareLinkListSchema = { type: 'array', description: 'Newest first', items: record(shareLinkProperties) };

export const newShareLinkSchema = record({
  ...shareLinkProperties,
  token: { type: 'string', description: 'The link’s dashboard_token: not stored, shown in this answer only' },
});

export const sharedDashboardSchema = record({
  dashboard: dashboardSchema,
  items: dashboardItemsSchema,
  theme: { ...record({ panelColor: text, fontColor: text, hasBackground: { type: 'boolean' } }), nullable: true },
  expiresAt: instant,
});

export const sharedChartSchema = record({
  series: {
    type: 'array',
    items: record({
      itemUuid: uuid,
      field: text,
      points: {
        type: 'array',
        description: 'Pairs of [time in epoch milliseconds, value]',
        items: { type: 'array', minItems: 2, maxItems: 2 },
      },
    }),
  },
});

export const sharedAlarmsSchema = {
  type: 'array',
  description: 'Newest first, at most ten',
  items: record({
    id: text,
    itemName: text,
    displayName: text,
    rangeName: text,
    value: { type: ['string', 'null'] },
    severity: { type: 'integer' },
    isAcknowledged: { type: 'boolean' },
    generatedAt: instant,
  }),
};

export const sharedFloorPlanSchema = record({
  pins: {
    type: 'array',
    items: record({ itemUuid: uuid, x: { type: 'number', description: 'Fraction of the image’s width' }, y: number }),
  },
});
