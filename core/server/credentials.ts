import { createExtensionPoint } from '@sensorium/core/common';

/** The parts of a request a credential is read from. */
export interface CredentialRequest {
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A second way to call the REST API besides the session's access token, such as a user's API key (users plugin).
 * Answers the id of the user the credential belongs to, or null when the request carries no such credential;
 * the caller then acts with that user's level and permissions, and a disabled user's credentials stop working.
 */
export interface CredentialVerifier {
  id: string;
  verify(request: CredentialRequest): Promise<string | null>;
}

export const credentialVerifiers = createExtensionPoint<CredentialVerifier>('core.credential-verifiers/v1');
