// JSON schemas of the event-setting answers, for the OpenAPI document only.

const text = { type: 'string' };
const flag = { type: 'boolean' };
const texts = { type: 'array', items: text };
const openObject = { type: 'object', additionalProperties: true };
const instant = { type: 'string', format: 'date-time' };

/** An object whose every property is always present. */
const record = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

const bound = { type: ['number', 'null'], description: 'null: open on this side' };
const ranges = { type: 'array', items: record({ min: bound, max: bound }) };
const nullableDate = { type: ['string', 'null'], format: 'date', description: 'YYYY-MM-DD' };

export const eventRuleSchema = record({
  id: { type: 'string', format: 'uuid' },
  appId: text,
  name: text,
  severity: { type: 'integer', minimum: 0, maximum: 4, description: '0 Normal … 4 Critical' },
  description: text,
  enabled: flag,
  instantClear: flag,
  autoClear: flag,
  conditions: record({
    deviceTypes: texts,
    tags: texts,
    devices: texts,
    allDevices: flag,
    field: text,
    triggerRanges: ranges,
    resumeRanges: ranges,
    resumeOnAny: flag,
    requireSameDevice: flag,
    durationSeconds: { type: 'number', minimum: 0 },
    hysteresis: { type: 'number', minimum: 0 },
  }),
  actions: {
    type: 'object',
    required: ['task', 'notification', 'webhook'],
    description: 'What the rule’s events ask for: the same shapes as a field range’s event setting',
    properties: { task: openObject, notification: openObject, webhook: openObject },
  },
  timeSlots: {
    type: 'array',
    description: 'None: the rule may open events at any time',
    items: record({
      always: flag,
      beginOn: nullableDate,
      until: nullableDate,
      allDay: flag,
      startTime: { type: 'string', description: 'HH:mm:ss' },
      endTime: { type: 'string', description: 'HH:mm:ss' },
      weekdays: { type: 'array', items: flag, minItems: 7, maxItems: 7, description: 'Sunday to Saturday' },
    }),
  },
  createdAt: instant,
  updatedAt: instant,
});

export const eventRuleListSchema = { type: 'array', items: eventRuleSchema };

export const ruleDeviceChoicesSchema = {
  type: 'array',
  items: record({
    itemName: text,
    displayName: text,
    deviceType: { type: 'string', description: 'The data source’s sensor type; empty when it has none' },
    tags: texts,
    fields: { type: 'array', items: record({ name: text, displayName: text }) },
    commands: { type: 'array', items: record({ id: text, display: text }) },
  }),
};
