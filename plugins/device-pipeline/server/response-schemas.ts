/** JSON schemas of the plugin's answers, for the OpenAPI document. */
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
