/** JSON schemas of the plugin's answers, for the OpenAPI document. */
const dateTime = { type: 'string', format: 'date-time' };
const jsonObject = { type: 'object', additionalProperties: true };

export const historySchema = {
  type: 'object',
  properties: {
    series: {
      type: 'object',
      description: 'Per field, [epoch milliseconds, value] pairs in time order',
      additionalProperties: { type: 'array', items: { type: 'array', items: {}, minItems: 2, maxItems: 2 } },
    },
  },
};

export const rawDataSchema = {
  type: 'object',
  properties: {
    rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          createdAt: dateTime,
          source: { type: 'string' },
          itemName: { type: ['string', 'null'] },
          raw: {},
          payload: {
            type: ['object', 'null'],
            properties: { deviceData: jsonObject, processed: jsonObject, meta: jsonObject },
          },
        },
      },
    },
    total: { type: 'integer' },
  },
};
