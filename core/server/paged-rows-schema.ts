/** JSON schema (for the OpenAPI document and the answer's serialisation) of one page of a list: `{ total, rows }`. */
export function pagedRowsSchema(rowProperties: Record<string, unknown>) {
  return {
    type: 'object',
    properties: {
      total: { type: 'integer' },
      rows: { type: 'array', items: { type: 'object', properties: rowProperties } },
    },
  };
}
