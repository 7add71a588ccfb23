import { createToken, type SessionUser } from '@sensorium/core/common';
import type { NewApplicationInput } from './new-application-input';

/**
 * Creates applications for other plugins (the project wizard) through POST /application/new's code path: the same
 * end-customer visibility check and the same 409 for a taken id. Provided by the applications server plugin.
 */
export interface ApplicationCreator {
  /**
   * `transaction` (the server's Database, which this isomorphic folder cannot name) writes inside the caller's
   * transaction, so the application goes if the caller's later steps fail. The caller checks the user's level.
   */
  create(user: SessionUser, input: NewApplicationInput, transaction?: unknown): Promise<{ id: string }>;
}
export const ApplicationCreatorToken = createToken<ApplicationCreator>('applications.application-creator');
