import { hasLicence, type LicenceSet } from './licences';
import type { PermissionKey } from './permissions';
import { hasPermission, type SessionUser } from './user';

/**
 * A declarative condition on a contribution, like VS Code's `when` clause:
 * it is open when the licence is on and the user holds the permission.
 */
export interface Gate {
  permission?: PermissionKey;
  licence?: string;
}

export interface GateContext {
  licences: LicenceSet;
  user: Pick<SessionUser, 'permissions'> | null;
}

export function isLicensed(gate: Gate, licences: LicenceSet): boolean {
  return hasLicence(licences, gate.licence);
}

export function isPermitted(gate: Gate, user: GateContext['user']): boolean {
  return hasPermission(user, gate.permission);
}

export function isGateOpen(gate: Gate, context: GateContext): boolean {
  return isLicensed(gate, context.licences) && isPermitted(gate, context.user);
}
