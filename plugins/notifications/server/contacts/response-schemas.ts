// JSON schemas of the contacts routes' answers, for the OpenAPI document only.

const text = { type: 'string' };
const flag = { type: 'boolean' };

export const contactSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    appId: text,
    name: text,
    smsNum: text,
    phone: text,
    email: text,
    department: text,
    post: text,
    priority: { type: 'integer' },
    misc: text,
    unsubscribed: flag,
    smsEnable: flag,
    whatsappEnable: flag,
    emailEnable: flag,
    voiceEnable: flag,
  },
};

export const contactPageSchema = {
  type: 'object',
  properties: { total: { type: 'integer' }, contacts: { type: 'array', items: contactSchema } },
};

export const departmentsSchema = { type: 'object', properties: { departments: { type: 'array', items: text } } };

export const importReportSchema = {
  type: 'object',
  properties: {
    created: { type: 'integer' },
    updated: { type: 'integer' },
    rejected: {
      type: 'array',
      items: { type: 'object', properties: { row: { type: 'integer' }, field: text, message: text } },
    },
  },
};
