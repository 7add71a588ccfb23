import type { ApiKeyRow, MyAccount, UserGroupRow, UserRow } from '../../common';

/** Rows as the server answers them, for the store tests. */
export function userRow(id: string, overrides: Partial<UserRow> = {}): UserRow {
  return {
    id,
    username: id,
    name: `Name of ${id}`,
    email: null,
    phone: null,
    level: 'si-customer',
    groupId: null,
    groupName: null,
    organisationId: null,
    endCustomerId: null,
    endCustomerName: null,
    scope: '',
    ldapUrl: null,
    userDn: null,
    disabled: false,
    otpEnabled: false,
    createdAt: new Date(0).toISOString(),
    ...overrides,
  };
}

export function groupRow(id: string, overrides: Partial<UserGroupRow> = {}): UserGroupRow {
  return { id, name: `Group ${id}`, permissions: [], organisationId: null, memberCount: 0, ...overrides };
}

export function myAccount(overrides: Partial<MyAccount> = {}): MyAccount {
  return {
    id: 'u1',
    username: 'ada',
    name: 'Ada',
    email: 'ada@example.com',
    phone: null,
    level: 'si-customer',
    groupName: 'Staff',
    permissions: ['profileedit'],
    endCustomerName: null,
    scope: '',
    otpEnabled: false,
    ...overrides,
  };
}

export function apiKeyRow(id: string, name: string): ApiKeyRow {
  return { id, name, prefix: `snk_${id}`.padEnd(12, 'x'), createdAt: new Date(0).toISOString(), lastUsedAt: null };
}
