/** JSON schema of the search's answer, for the OpenAPI document. */
const jsonObject = { type: 'object', additionalProperties: true };

export const rawDataSchema = {
  type: 'object',
  properties: {
    rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          createdAt: { type: 'string', format: 'date-time' },
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
