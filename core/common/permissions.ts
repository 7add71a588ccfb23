/** The permission keys of the spec (shell §6). A user group carries a subset; a cloud user holds all. */
export const PERMISSIONS = [
  'useredit',
  'nodemanagement',
  'setting',
  'notificationsetting',
  'eventsetting',
  'schedulesetting',
  'event',
  'profileedit',
  'dashboard',
] as const;

export type CorePermission = (typeof PERMISSIONS)[number];
/** Plugins may declare permission keys of their own in their manifest. */
export type PermissionKey = CorePermission | (string & {});

export function isCorePermission(key: string): key is CorePermission {
  return (PERMISSIONS as readonly string[]).includes(key);
}
