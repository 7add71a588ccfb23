/** GET /api/event-actions/{appId}/webhook-secret: the application's signing secret, masked; null before its first use. */
export interface MaskedWebhookSecret {
  secret: string | null;
  createdAt: string | null;
}

/** POST …/webhook-secret/rotate: the new secret in full, answered this once. */
export interface WebhookSecret {
  secret: string;
  createdAt: string;
}

/** Every secret starts with it, so a receiver's configuration shows what the value is. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Shows only enough of a secret to tell which one is in use. */
export function maskWebhookSecret(secret: string): string {
  return `${WEBHOOK_SECRET_PREFIX}…${secret.slice(-4)}`;
}
