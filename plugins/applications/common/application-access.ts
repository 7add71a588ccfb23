import { createToken, type SessionUser } from '@sensorium/core/common';
import type { ApplicationOwner } from './tenancy-rule';

/**
 * One application's tenancy, for plugins that keep per-application data (nodes, events…): provided by the applications
 * server plugin, resolved with `context.resolve(ApplicationAccessToken)` by plugins that depend on applications.
 */
export interface ApplicationAccess {
  /** The application's owner; null when there is no such application. */
  ownerOf(appId: string): Promise<ApplicationOwner | null>;
  /** The owner of an application the user may see; HttpError 404 when it is missing or not visible (no existence leak). */
  assertVisible(user: SessionUser, appId: string): Promise<ApplicationOwner>;
}
export const ApplicationAccessToken = createToken<ApplicationAccess>('applications.application-access');
