import { pagedRowsSchema } from '@sensorium/core/server';

/** JSON schema of the Sensor Status answer, for the OpenAPI document (and the answer's serialisation). */
const nullableString = { type: ['string', 'null'] };

const fieldSchema = {
  type: 'object',
  properties: {
    field: { type: 'string' },
    label: { type: 'string' },
    signal: { type: 'string', enum: ['analog', 'digital', 'string', 'json'] },
    decimalPlace: { type: 'integer' },
    unit: { type: 'string' },
    value: { description: 'The current value as received (number, text, object…); null before the first' },
    status: { type: 'string', description: 'The name of the range the value is in, empty when none' },
    color: { type: 'string', description: 'The range colour name, empty when none' },
  },
};

export const sensorStatusSchema = pagedRowsSchema({
  uuid: { type: 'string' },
  itemName: { type: 'string' },
  displayName: { type: 'string' },
  path: { type: 'array', items: { type: 'string' } },
  address: nullableString,
  dataSourceType: nullableString,
  state: { type: 'string', enum: ['online', 'offline', 'disabled'] },
  severity: { type: 'integer', minimum: 0, maximum: 4 },
  fields: { type: 'array', items: fieldSchema },
  lastReceiveDate: { type: ['string', 'null'], format: 'date-time' },
});
