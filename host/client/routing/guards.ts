import type { GuardKind } from '@sensorium/core/client';
import { USER_LEVELS, hasPermission, type SessionUser } from '@sensorium/core/common';

/** Redirect targets of the guards (spec §2.1). */
export const GUARD_TARGETS = {
  home: '/',
  login: '/auth/login',
  sessionExpired: '/auth/session-expired',
  noPermission: '/auth/no-permission',
  signUp: '/auth/sign-up',
  endCustomerHome: '/app/all/dashboard/main',
} as const;

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
function adminGuard(user: SessionUser | null): GuardDecision {
  if (!user) return redirectTo(GUARD_TARGETS.login);
  if (user.level === 'end-customer') return redirectTo(GUARD_TARGETS.endCustomerHome);
  if (user.level !== 'cloud' && user.level !== 'si-customer') return redirectTo(GUARD_TARGETS.sessionExpired, true);
  return allow;
}

/** Decides whether a route may open (spec §6), or where to send the user instead. */
export function decideGuard(input: GuardInput): GuardDecision {
  const { user } = input;
  switch (input.kind) {
    case 'none':
      return allow;
    case 'login-type':
      return user ? redirectTo(GUARD_TARGETS.home) : allow;
    case 'auth':
      return user ? allow : redirectTo(GUARD_TARGETS.login);
    case 'admin':
      return adminGuard(user);
    case 'system-admin': {
      const admin = adminGuard(user);
      if (admin.type === 'redirect') return admin;
      const missing = (input.customPermissions ?? []).some((key) => !hasPermission(user, key));
      return missing ? redirectTo(GUARD_TARGETS.noPermission) : allow;
    }
    case 'dashboard': {
      const pageToken = input.search.get(DASHBOARD_TOKEN_PARAM);
      if (pageToken) return { type: 'allow', pageToken };
      if (!user) return redirectTo(GUARD_TARGETS.login);
      const knownLevel = (USER_LEVELS as readonly string[]).includes(user.level);
      return knownLevel && hasPermission(user, 'dashboard') ? allow : redirectTo(GUARD_TARGETS.noPermission);
    }
    case 'sign-up':
      return input.verifiedEmail ? allow : redirectTo(GUARD_TARGETS.signUp);
  }
}
