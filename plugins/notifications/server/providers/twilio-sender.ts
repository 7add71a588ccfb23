import type { OutboundRequests } from '@sensorium/core/server';
import { TWILIO_BASE_URL, type ProviderSettings } from '../../common/providers';
import { twilioCallbackUrl } from '../callbacks/callback-urls';
import type { DeliveryToSend } from '../dispatch/channel-sender';
import { messageText } from './message-text';
import { providerRequest, safeJson, valueAtPath } from './provider-request';
import type { ProviderRow } from './schema';
import { voiceFlow } from './voice-flow';

/** The progress a call reports to its status callback (all of them, so the history follows the call). */
const CALL_EVENTS = ['initiated', 'ringing', 'answered', 'completed'];

/** Basic auth with the account SID and the auth token. */
const basicAuth = ({ settings, secret }: ProviderRow) =>
  `Basic ${Buffer.from(`${settings.accountSid}:${secret}`).toString('base64')}`;

const whatsapp = (number: string) => (number.startsWith('whatsapp:') ? number : `whatsapp:${number}`);

/** The REST resource of the provider's account: `{base}/2010-04-01/Accounts/{Sid}/{resource}.json`. */
export function twilioResource(settings: ProviderSettings, resource: 'Messages' | 'Calls'): string {
  const base = (settings.baseUrl || TWILIO_BASE_URL).replace(/\/+$/, '');
  return `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid ?? '')}/${resource}.json`;
}

/** The form of a message (SMS, or WhatsApp with `whatsapp:` on both numbers) or of a call to the delivery's contact. */
async function twilioForm(delivery: DeliveryToSend, settings: ProviderSettings, publicUrl: string): Promise<URLSearchParams> {
  const form = new URLSearchParams();
  const callback = (name: 'status' | 'voice') => twilioCallbackUrl(publicUrl, delivery.id, name);
  if (delivery.channel === 'voice') {
    form.set('To', delivery.address);
    form.set('From', settings.from ?? '');
    form.set('Url', callback('voice'));
    form.set('Method', 'POST');
    form.set('Timeout', String(voiceFlow(delivery.variables, settings).callTimeoutSeconds));
    form.set('StatusCallback', callback('status'));
    form.set('StatusCallbackMethod', 'POST');
    for (const event of CALL_EVENTS) form.append('StatusCallbackEvent', event);
    return form;
  }
  const prefix = delivery.channel === 'whatsapp' ? whatsapp : (number: string) => number;
  form.set('To', prefix(delivery.address));
  if (settings.messagingServiceSid) form.set('MessagingServiceSid', settings.messagingServiceSid);
  else form.set('From', prefix(settings.from ?? ''));
  form.set('Body', await messageText(delivery));
  form.set('StatusCallback', callback('status'));
  return form;
}

/**
 * Sends through Twilio's REST API or a compatible one: Messages.json for SMS and WhatsApp, Calls.json for voice (the
 * call fetches its TwiML from our voice callback). Basic auth with the account SID and auth token; the answer's `sid`
 * is the provider id the status callbacks name.
 */
export async function sendWithTwilio(
  outbound: OutboundRequests,
  provider: ProviderRow,
  delivery: DeliveryToSend,
  publicUrl: string,
): Promise<string | null> {
  const { settings } = provider;
  const form = await twilioForm(delivery, settings, publicUrl);
  const response = await providerRequest(
    outbound,
    twilioResource(settings, delivery.channel === 'voice' ? 'Calls' : 'Messages'),
    {
      method: 'POST',
      headers: {
        authorization: basicAuth(provider),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
    },
  );
  const sid = valueAtPath(safeJson(response.text()), 'sid');
  return typeof sid === 'string' ? sid : null;
}

/** A claim's time may be a little ahead of the provider's clock: a call listed up to this long before it still matches. */
const CLOCK_SKEW_MS = 60_000;

/** A message or call in the provider's list (Twilio's fields). */
interface Listed {
  sid?: unknown;
  to?: unknown;
  body?: unknown;
  date_created?: unknown;
}

/**
 * What became of a delivery whose try died after its claim (`claimedAt`): the provider lists the account's messages
 * (`Messages.json?To=&DateSent>=`) or calls (`Calls.json?To=&StartTime>=`) to the contact since that day. A message
 * matches on its text, which holds the delivery's own link; a call (whose list shows no text) on being made after the
 * claim. Found: the delivery is sent with that sid; nothing: `unsent`, so it is sent now.
 */
export async function findWithTwilio(
  outbound: OutboundRequests,
  provider: ProviderRow,
  delivery: DeliveryToSend,
  claimedAt: Date,
): Promise<{ status: 'sent'; providerId: string; service: 'twilio' } | 'unsent'> {
  const { settings } = provider;
  const calls = delivery.channel === 'voice';
  const to = delivery.channel === 'whatsapp' ? whatsapp(delivery.address) : delivery.address;
  const query = new URLSearchParams({ To: to, [calls ? 'StartTime>' : 'DateSent>']: claimedAt.toISOString().slice(0, 10) });
  const response = await providerRequest(outbound, `${twilioResource(settings, calls ? 'Calls' : 'Messages')}?${query}`, {
    method: 'GET',
    headers: { authorization: basicAuth(provider), accept: 'application/json' },
  });
  const listed = valueAtPath(safeJson(response.text()), calls ? 'calls' : 'messages');
  const text = calls ? '' : await messageText(delivery);
  const match = (Array.isArray(listed) ? (listed as Listed[]) : []).find((item) =>
    calls
      ? item.to === to && Date.parse(String(item.date_created)) >= claimedAt.getTime() - CLOCK_SKEW_MS
      : item.to === to && item.body === text,
  );
  return typeof match?.sid === 'string' ? { status: 'sent', providerId: match.sid, service: 'twilio' } : 'unsent';
}
