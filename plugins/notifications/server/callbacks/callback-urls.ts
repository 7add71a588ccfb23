import { deliverySignature } from './callback-signatures';

/** Where the providers call back about a delivery, under the console's public address (SENSORIUM_PUBLIC_URL). */
export const CALLBACKS_PATH = '/api/notifications/callbacks';

export type TwilioCallback = 'status' | 'voice' | 'gather';

export function twilioCallbackUrl(publicUrl: string, deliveryId: string, callback: TwilioCallback): string {
  return `${publicUrl}${CALLBACKS_PATH}/twilio/${deliveryId}/${callback}`;
}

export function httpCallbackUrl(publicUrl: string, deliveryId: string, secret: string): string {
  return `${publicUrl}${CALLBACKS_PATH}/http/${deliveryId}?sig=${deliverySignature(secret, deliveryId)}`;
}
