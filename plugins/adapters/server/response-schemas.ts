// JSON schemas of the adapter-script answers, for the OpenAPI document only.
import { TARGET_KINDS } from '../common/types';

const text = { type: 'string' };
const uuid = { type: 'string', format: 'uuid' };
const nullableLine = { type: ['integer', 'null'], minimum: 1 };
const targetKind = { type: 'string', enum: [...TARGET_KINDS] };

/** An object whose every property is always present. */
const record = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

const targetListSchema = {
  type: 'array',
  items: record({ kind: targetKind, id: uuid, name: text, hasScript: { type: 'boolean' } }),
};

export const scriptTargetsSchema = record({
  items: targetListSchema,
  profiles: { ...targetListSchema, description: 'Empty but for cloud users, who script device profiles' },
});

export const scriptAnswerSchema = record({
  script: {
    ...record({
      id: uuid,
      targetKind,
      targetId: uuid,
      appId: { type: ['string', 'null'], description: 'The item’s application; null for a profile’s script' },
      targetName: text,
      currentVersion: { type: 'integer', minimum: 1 },
      source: text,
      updatedAt: { type: 'string', format: 'date-time' },
    }),
    nullable: true,
    description: 'null before the first save',
  },
  versions: {
    type: 'array',
    description: 'Newest first',
    items: record({
      id: uuid,
      version: { type: 'integer', minimum: 1 },
      source: text,
      authorName: text,
      createdAt: { type: 'string', format: 'date-time' },
      restoredFrom: { ...nullableLine, description: 'The version a rollback restored, or null' },
    }),
  },
});

export const removedScriptSchema = record({ id: uuid, name: text });

export const scriptRunSchema = record({
  output: { description: 'What the function returned (decode’s `{ fields }`, encode’s payload); null after an error' },
  fields: { type: 'object', nullable: true, additionalProperties: true },
  logs: { type: 'array', items: text },
  logsTruncated: { type: 'boolean' },
  helperCalls: {
    type: 'array',
    items: {
      type: 'object',
      required: ['helper'],
      properties: {
        helper: { type: 'string', enum: ['sendEmail', 'sendSms', 'createEvent'] },
        to: text,
        subject: text,
        text,
        description: text,
        severity: { type: 'integer' },
      },
    },
  },
  error: {
    ...record({
      kind: { type: 'string', enum: ['syntax', 'runtime', 'timeout', 'memory', 'output', 'missing'] },
      message: text,
      line: nullableLine,
      column: nullableLine,
    }),
    nullable: true,
  },
  durationMs: { type: 'number', minimum: 0 },
});
