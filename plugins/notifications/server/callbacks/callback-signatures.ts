import { createHmac, timingSafeEqual } from 'node:crypto';

const sameText = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Twilio's X-Twilio-Signature: base64(HMAC-SHA1(auth token, the URL as called + every POST parameter sorted by name,
 * each name and value joined with nothing between)).
 */
export function twilioSignature(authToken: string, url: string, parameters: Record<string, string | string[]>): string {
  const data = Object.keys(parameters)
    .sort()
    .map((name) => {
      const value = parameters[name]!;
      return (Array.isArray(value) ? value : [value]).map((item) => name + item).join('');
    })
    .join('');
  return createHmac('sha1', authToken)
    .update(url + data, 'utf8')
    .digest('base64');
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  parameters: Record<string, string | string[]>,
  given: string | undefined,
): boolean {
  return typeof given === 'string' && sameText(given, twilioSignature(authToken, url, parameters));
}

/**
 * A generic gateway cannot sign its callbacks, so its callback address carries `?sig=`: HMAC-SHA256 of the delivery id
 * under the provider's secret (base64url), which only this console can make.
 */
export function deliverySignature(secret: string, deliveryId: string): string {
  return createHmac('sha256', secret).update(deliveryId, 'utf8').digest('base64url');
}

export function verifyDeliverySignature(secret: string, deliveryId: string, given: unknown): boolean {
  return typeof given === 'string' && sameText(given, deliverySignature(secret, deliveryId));
}
