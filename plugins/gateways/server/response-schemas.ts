// JSON schemas of the gateway answers (/api/chirpstack/…), for the OpenAPI document only.
import { GATEWAY_TYPES } from '../common';

const text = { type: 'string' };

/** An object whose every property is always present. */
const record = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

export const gatewaySchema = record({
  id: { type: 'string', format: 'uuid' },
  name: text,
  description: text,
  type: { type: 'string', enum: [...GATEWAY_TYPES] },
  gatewayId: text,
  remark: text,
  latest_package_update: {
    type: ['string', 'null'],
    format: 'date-time',
    description: 'When the network server last heard from the gateway; null: never',
  },
  status: { type: 'string', enum: ['online', 'offline', 'never-seen'] },
  synced: { type: 'boolean', description: 'Whether the gateway is kept at the network server of its type too' },
  organisationId: { type: ['string', 'null'] },
});

export const gatewayListSchema = { type: 'array', items: gatewaySchema, description: 'By name' };

export const gatewayIdTakenSchema = record({
  success: { type: 'boolean', description: 'true: the organisation has a gateway with this gateway id' },
});

export const deletedGatewaySchema = record({ success: { type: 'boolean', enum: [true] }, name: text });
