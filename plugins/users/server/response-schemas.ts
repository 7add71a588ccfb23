// JSON schemas of the Account Management, My Account, API key and User Setup answers, for the OpenAPI document only.
import { USER_LEVELS } from '@sensorium/core/common';

const text = { type: 'string' };
const nullableText = { type: ['string', 'null'] };
const count = { type: 'integer', minimum: 0 };
const uuid = { type: 'string', format: 'uuid' };
const instant = { type: 'string', format: 'date-time' };
const level = { type: 'string', enum: [...USER_LEVELS] };
// Plugins add permission keys of their own: the list is open.
const permissions = { type: 'array', items: { type: 'string' } };

/** An object whose every property is always present. */
const record = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

export const userSchema = record({
  id: uuid,
  username: text,
  name: text,
  email: nullableText,
  phone: nullableText,
  level,
  groupId: { type: ['string', 'null'], format: 'uuid' },
  groupName: nullableText,
  organisationId: nullableText,
  endCustomerId: nullableText,
  endCustomerName: nullableText,
  scope: text,
  ldapUrl: nullableText,
  userDn: nullableText,
  disabled: { type: 'boolean' },
  otpEnabled: { type: 'boolean' },
  createdAt: instant,
});

export const userPageSchema = record({ total: count, users: { type: 'array', items: userSchema } });

export const userGroupSchema = record({
  id: uuid,
  name: text,
  permissions,
  organisationId: nullableText,
  memberCount: count,
});

export const userGroupPageSchema = record({ total: count, groups: { type: 'array', items: userGroupSchema } });

export const grantablePermissionsSchema = record({ permissions });

export const myAccountSchema = record({
  id: uuid,
  username: text,
  name: text,
  email: nullableText,
  phone: nullableText,
  level,
  groupName: nullableText,
  permissions,
  endCustomerName: nullableText,
  scope: text,
  otpEnabled: { type: 'boolean' },
});

const apiKeyProperties = {
  id: uuid,
  name: text,
  prefix: { type: 'string', description: 'The key’s first characters, to recognise it' },
  createdAt: instant,
  lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
};

export const apiKeyListSchema = { type: 'array', items: record(apiKeyProperties) };

export const newApiKeySchema = record({
  ...apiKeyProperties,
  key: { type: 'string', description: 'The whole key: shown in this answer only' },
});

const applicationUserChoiceProperties = { userId: uuid, username: text, name: text, level, groupName: nullableText };

export const applicationUserChoicesSchema = { type: 'array', items: record(applicationUserChoiceProperties) };

export const applicationUsersSchema = record({
  users: {
    type: 'array',
    items: record({
      ...applicationUserChoiceProperties,
      deviceTags: { type: 'array', items: text, description: 'Empty: every device of the application' },
    }),
  },
  groups: { type: 'array', items: record({ groupId: uuid, name: text, memberCount: count }) },
});
