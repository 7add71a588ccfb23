import { createToken, type SessionUser } from '@sensorium/core/common';
import type { ApplicationOwner } from './tenancy-rule';

/**
 * One application's tenancy, for plugins that keep per-application data (nodes, events…) and check it outside a route
 * (push recipients, jobs, services): provided by the applications server plugin, a dep of plugins that depend on
 * applications. Routes declare their application instead (defineAppRoute) and never check it themselves.
 */
export interface ApplicationAccess {
  /**
   * The application's owner; null when there is no such application. `transaction` (the server's Database, which this
   * isomorphic folder cannot name) reads inside the caller's transaction, e.g. an application a restore just wrote.
   */
  ownerOf(appId: string, transaction?: unknown): Promise<ApplicationOwner | null>;
  /** The owner of an application the user may see; HttpError 404 when it is missing or not visible (no existence leak). */
  assertVisible(user: SessionUser, appId: string): Promise<ApplicationOwner>;
  /** The applications the user may see (the tenancy rule of canSeeApplication), by name: for reports across them. */
  visible(user: SessionUser): Promise<VisibleApplication[]>;
}

/** An application as a report across applications names it. */
export interface VisibleApplication {
  id: string;
  name: string;
  endCustomerName: string;
}
export const ApplicationAccessToken = createToken<ApplicationAccess>('applications.application-access');
