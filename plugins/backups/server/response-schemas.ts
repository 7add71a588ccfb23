// JSON schemas of the backup answers, for the OpenAPI document only.

/** An object whose every property is always present. */
const record = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

export const backupSchema = record({
  folder: { type: 'string', description: 'Sortable, timestamp-based id; also the zip’s name (backup-{folder}.zip)' },
  description: { type: 'string' },
  createDate: { type: 'string', format: 'date-time' },
  size: { type: 'integer', minimum: 0, description: 'Size of the zip in bytes' },
  status: { type: 'string', enum: ['creating', 'ready', 'failed'] },
});

export const backupListSchema = { type: 'array', items: backupSchema, description: 'Newest first' };

export const restoredSchema = record({ appId: { type: 'string', description: 'The restored application' } });
