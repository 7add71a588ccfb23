import { appPagePath, consoleRoutes, type GuardKind, type RouteResolver } from '@sensorium/core/client';
import { USER_LEVELS, hasPermission, type SessionUser } from '@sensorium/core/common';

/** Redirect targets of the guards (spec §2.1). */
export interface GuardTargets {
  readonly home: string;
  readonly login: string;
  readonly sessionExpired: string;
  readonly noPermission: string;
  readonly signUp: string;
  readonly endCustomerHome: string;
}

/**
 * The guards' targets from the console's route references; each is looked up when a guard needs it, so a page that is
 * not installed (sign-up without its licence) fails only if a guard ever sends someone there.
 */
export function guardTargets(routes: RouteResolver): GuardTargets {
  return {
    home: '/',
    get login() {
      return routes.path(consoleRoutes.login);
    },
    get sessionExpired() {
      return routes.path(consoleRoutes.sessionExpired);
    },
    get noPermission() {
      return routes.path(consoleRoutes.noPermission);
    },
    get signUp() {
      return routes.path(consoleRoutes.signUp);
    },
    endCustomerHome: appPagePath('all', 'dashboard/main'),
  };
}

/** sessionStorage key of the e-mail address verified during sign-up (accounts spec §3). */
export const VERIFIED_EMAIL_KEY = 'verifiedEmail';
/** Query parameter of a shared dashboard link. */
export const DASHBOARD_TOKEN_PARAM = 'dashboard_token';

export interface GuardInput {
  kind: GuardKind;
  user: SessionUser | null;
  /** Query of the URL being opened. */
  search: URLSearchParams;
  /** The route's customPermissions (system-admin guard): every one is needed. */
  customPermissions?: readonly string[];
  /** The verified e-mail held in session storage, if any. */
  verifiedEmail: string | null;
  /** Where the guards send the user (guardTargets of the console's routes). */
  targets: GuardTargets;
}

export type GuardDecision =
  | { type: 'allow'; /** A dashboard_token to keep as the page token. */ pageToken?: string }
  | {
      type: 'redirect';
      to: string;
      /** Revoke the session first (a user level the console does not know). */ endSession?: boolean;
    };

const allow: GuardDecision = { type: 'allow' };
const redirectTo = (to: string, endSession = false): GuardDecision =>
  endSession ? { type: 'redirect', to, endSession } : { type: 'redirect', to };

/** The admin guard: cloud and si-customer pass, an end customer goes to the dashboards, anything else is logged out. */
function adminGuard(user: SessionUser | null, targets: GuardTargets): GuardDecision {
  if (!user) return redirectTo(targets.login);
  if (user.level === 'end-customer') return redirectTo(targets.endCustomerHome);
  if (user.level !== 'cloud' && user.level !== 'si-customer') return redirectTo(targets.sessionExpired, true);
  return allow;
}

/** Decides whether a route may open (spec §6), or where to send the user instead. */
export function decideGuard(input: GuardInput): GuardDecision {
  const { user, targets } = input;
  switch (input.kind) {
    case 'none':
      return allow;
    case 'login-type':
      return user ? redirectTo(targets.home) : allow;
    case 'auth':
      return user ? allow : redirectTo(targets.login);
    case 'admin':
      return adminGuard(user, targets);
    case 'system-admin': {
      const admin = adminGuard(user, targets);
      if (admin.type === 'redirect') return admin;
      const missing = (input.customPermissions ?? []).some((key) => !hasPermission(user, key));
      return missing ? redirectTo(targets.noPermission) : allow;
    }
    case 'dashboard': {
      const pageToken = input.search.get(DASHBOARD_TOKEN_PARAM);
      if (pageToken) return { type: 'allow', pageToken };
      if (!user) return redirectTo(targets.login);
      const knownLevel = (USER_LEVELS as readonly string[]).includes(user.level);
      return knownLevel && hasPermission(user, 'dashboard') ? allow : redirectTo(targets.noPermission);
    }
    case 'sign-up':
      return input.verifiedEmail ? allow : redirectTo(targets.signUp);
  }
}
