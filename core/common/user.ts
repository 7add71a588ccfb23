import type { PermissionKey } from './permissions';

/** User levels of the spec: the operator, system-integrator customers and end customers. */
export const USER_LEVELS = ['cloud', 'si-customer', 'end-customer'] as const;
export type UserLevel = (typeof USER_LEVELS)[number];

/** What the server knows about the caller of a request, and what /auth/me returns to the browser. */
export interface SessionUser {
  id: string;
  username: string;
  name: string;
  level: UserLevel;
  /** Effective permissions: every key for a cloud user, the group's keys otherwise. */
  permissions: PermissionKey[];
  organisationId: string | null;
  endCustomerId: string | null;
}

export function hasPermission(
  user: Pick<SessionUser, 'permissions'> | null | undefined,
  key: PermissionKey | undefined,
): boolean {
  if (!key) return true;
  return !!user && user.permissions.includes(key);
}
