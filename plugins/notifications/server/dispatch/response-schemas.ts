import { pagedRowsSchema } from '@sensorium/core/server';
import { DELIVERY_CHANNELS, DELIVERY_STATUSES, DELIVERY_USAGES } from '../../common/history';

// JSON schema of the history route's answer, for the OpenAPI document only.

const text = { type: 'string' };
const time = { type: 'string', format: 'date-time' };

export const historyPageSchema = pagedRowsSchema({
  id: { type: 'string', format: 'uuid' },
  eventId: { type: ['string', 'null'], format: 'uuid' },
  createdAt: time,
  service: text,
  channel: { type: 'string', enum: [...DELIVERY_CHANNELS] },
  usage: { type: 'string', enum: [...DELIVERY_USAGES] },
  reference: text,
  name: text,
  contact: text,
  status: { type: 'string', enum: [...DELIVERY_STATUSES] },
  attempts: { type: 'integer' },
  error: { type: ['string', 'null'] },
  updatedAt: time,
});
