// JSON schemas of the device-profile management answers, for the OpenAPI document only.
import { DEVICE_PROFILE_SOURCES } from '@sensorium/nodes/common';
import { PROFILE_EXPORT_FORMAT } from '../common';

const text = { type: 'string' };
const count = { type: 'integer', minimum: 0 };
const openObject = { type: 'object', additionalProperties: true };

/** An object whose every property is always present. */
const record = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

export const deviceProfileSchema = record({
  uuid: { type: 'string', format: 'uuid' },
  deviceProfileName: text,
  sensorBrand: text,
  sensorModel: text,
  subType: text,
  appId: { type: ['string', 'null'], description: 'null: offered to every application' },
  dataSource: { type: 'string', enum: [...DEVICE_PROFILE_SOURCES] },
  commands: {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'display'],
      properties: { id: text, display: text, payload: { description: 'What the command sends, as stored' } },
    },
  },
  outputSimpleDefault: openObject,
  outputConfig: openObject,
  deviceExtraInfoSetting: {
    type: 'array',
    items: record({ name: text, type: { type: 'string', enum: ['string', 'number', 'boolean', 'array'] } }),
  },
});

export const deviceProfileListSchema = { type: 'array', items: deviceProfileSchema };

export const profileExportSchema = record({
  format: { type: 'string', enum: [PROFILE_EXPORT_FORMAT] },
  exportedAt: { type: 'string', format: 'date-time' },
  profiles: deviceProfileListSchema,
});

export const importAnswerSchema = record({ created: count, updated: count });

export const deletedProfileSchema = record({ success: { type: 'boolean', enum: [true] }, name: text });
