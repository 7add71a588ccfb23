// JSON schemas of the public-link answers, for the OpenAPI document only.

const instant = { type: 'string', format: 'date-time' };
const nullableInstant = { type: ['string', 'null'], format: 'date-time' };

/** An object whose every property is always present. */
const record = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

export const publicLinkListSchema = {
  type: 'array',
  description: 'Newest first; a link’s token is never shown again',
  items: record({
    jti: { type: 'string', description: 'The link’s id' },
    contactId: { type: ['string', 'null'], description: 'The notification client it was sent to, when one' },
    actorLabel: { type: 'string', description: 'Who acts through the link, as the event’s history names them' },
    actions: { type: 'array', items: { type: 'string', enum: ['ack', 'clear'] } },
    createdAt: instant,
    expiresAt: instant,
    revokedAt: nullableInstant,
    usedAt: nullableInstant,
  }),
};

const text = { type: 'string' };
const nullableText = { type: ['string', 'null'] };

/** The event as a link's viewer shows it (the field names, misspellings included, are the console's event records'). */
export const publicEventSchema = record({
  description: text,
  severity: { type: 'integer', minimum: 0, maximum: 4 },
  generatedDateTime: instant,
  locationDisplayStr: text,
  additionalInfo: text,
  eventType: text,
  equipmentName: text,
  node: {
    type: 'object',
    required: ['itemDisplayName', 'itemName'],
    properties: {
      itemDisplayName: text,
      itemName: text,
      signal: text,
      value: text,
      unit: text,
      rangeStatus: text,
      displayName: text,
    },
  },
  isCleared: { type: 'boolean' },
  isAcknowledeged: { type: 'boolean' },
  acknowledegedBy: nullableText,
  acknowledegedDateTime: nullableText,
  clearedBy: nullableText,
  clearedDateTime: nullableText,
  resumeStatus: nullableText,
  eventStatus: { type: 'string', enum: ['created', 'acked', 'cleared'] },
  ackPermission: {
    type: 'boolean',
    description: 'Whether the link may do what the viewer offers now (Clear once resumed, else ACK)',
  },
});

export const publicEventAnswerSchema = record({
  event: publicEventSchema,
  username: { type: 'string', description: 'The name of the contact the link was sent to' },
  app: record({
    name: text,
    logo: { type: ['string', 'null'], description: 'The logo’s address under /api (the same payload authorises it); null: none' },
    setting: { type: 'object', additionalProperties: true, description: 'The application’s severity settings' },
  }),
});
