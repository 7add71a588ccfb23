// JSON schemas of the project wizard's answers, for the OpenAPI document only.

const text = { type: 'string' };

/** An object whose every property is always present. */
const record = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

const summaryProperties = {
  id: text,
  name: text,
  description: text,
  thumbnail: { type: 'string', description: 'An SVG data URL drawn from the template’s dashboard layout' },
  tags: { type: 'array', items: text, description: 'Tag ids (GET /project/templates/tags names them)' },
};

export const templateListSchema = { type: 'array', items: record(summaryProperties) };

export const templateTagsSchema = { type: 'array', items: record({ id: text, name: text }) };

export const templateDetailSchema = record({
  ...summaryProperties,
  sites: {
    type: 'array',
    items: record({
      name: text,
      displayName: text,
      devices: { type: 'array', items: record({ name: text, displayName: text, profile: text }) },
    }),
  },
  widgetCount: { type: 'integer', minimum: 0 },
});

export const projectCreatedSchema = record({
  success: { type: 'boolean', enum: [true] },
  message: text,
  projectId: { type: 'string', description: 'The new application’s id' },
});
