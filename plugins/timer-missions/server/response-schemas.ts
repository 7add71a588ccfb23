// JSON schemas of the timer-mission answers, for the OpenAPI document only.
import { ACTION_TYPES, REPEAT_FLAGS, RUN_STATUSES } from '../common';

const text = { type: 'string' };
const integer = { type: 'integer' };
const instant = { type: 'string', format: 'date-time' };

/** An object whose every property is always present. */
const record = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

const day = record({ year: integer, month: { type: 'integer', minimum: 1, maximum: 12 }, day: integer });
const time = record({ hour: integer, minute: integer, second: integer });

export const missionListSchema = {
  type: 'array',
  description: 'Oldest first',
  items: record({
    id: { type: 'string', format: 'uuid' },
    missionName: text,
    desc: text,
    isEnabled: { type: 'boolean' },
    actions: {
      type: 'array',
      items: record({ actionType: { type: 'string', enum: [...ACTION_TYPES] }, deviceName: text, commandId: text }),
    },
    timeslots: {
      type: 'array',
      items: record({
        isAlwaysEffective: { type: 'boolean' },
        effectiveDate: day,
        untilDate: day,
        startTime: time,
        endTime: time,
        repeatOn: {
          type: 'array',
          items: { type: 'boolean' },
          minItems: REPEAT_FLAGS,
          maxItems: REPEAT_FLAGS,
          description: 'Sunday to Saturday, then Holiday',
        },
        skipDate: { type: ['array', 'null'], items: day },
      }),
    },
    updatedAt: instant,
    nextRunAt: { type: ['string', 'null'], format: 'date-time', description: 'null: it will not run again' },
  }),
};

export const missionIdSchema = record({ id: { type: 'string', format: 'uuid' } });

export const missionErrorsSchema = {
  type: 'object',
  description: 'Messages per part, keyed basic, action-{i} and timeslot-{i}; empty when valid',
  additionalProperties: { type: 'array', items: text },
};

export const missionDevicesSchema = {
  type: 'array',
  items: record({
    itemName: text,
    itemDisplayName: text,
    dataSource: record({ sensorType: text, commands: { type: 'array', items: record({ id: text, display: text }) } }),
    geoInfo: record({ tags: { type: 'array', items: text } }),
    input: {
      type: 'object',
      additionalProperties: record({
        rangeSettings: record({ ranges: { type: 'array', items: record({ key: text, name: text }) } }),
      }),
    },
  }),
};

export const missionRunsSchema = {
  type: 'array',
  items: record({
    id: text,
    scheduledAt: instant,
    ranAt: instant,
    slotIndex: { type: 'integer', minimum: 0 },
    status: { type: 'string', enum: [...RUN_STATUSES] },
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: ['deviceName', 'commandId', 'outcome'],
        properties: { deviceName: text, commandId: text, outcome: { type: 'string', enum: ['sent', 'failed'] }, error: text },
      },
    },
  }),
};

export const scheduleSettingsSchema = record({
  timeZone: { type: 'string', description: 'IANA zone, e.g. Asia/Hong_Kong' },
  holidays: { type: 'array', items: { type: 'string', format: 'date' }, description: 'Sorted' },
});
