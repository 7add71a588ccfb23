// JSON schemas of the theme answers, for the OpenAPI document only.

const text = { type: 'string' };

/** An object whose every property is always present. */
const record = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

export const themeProfileSchema = record({
  id: text,
  name: text,
  description: text,
  theme: record({
    name: text,
    dashboard: record({
      fontColor: text,
      panelColor: text,
      backgroundImage: { type: 'string', description: 'The stored file name of the background image; empty for none' },
      grid_stack_space_background_color: text,
    }),
  }),
});

export const themeProfileListSchema = { type: 'array', items: themeProfileSchema, description: 'Sorted by name' };
