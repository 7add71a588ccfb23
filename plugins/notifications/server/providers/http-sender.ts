import { createTemplateRenderer, TemplateError, type OutboundRequests } from '@sensorium/core/server';
import { httpCallbackUrl } from '../callbacks/callback-urls';
import type { DeliveryToSend } from '../dispatch/channel-sender';
import { messageText } from './message-text';
import { providerRequest, safeJson, valueAtPath } from './provider-request';
import type { ProviderRow } from './schema';

const urlRenderer = createTemplateRenderer('uri');
const headerRenderer = createTemplateRenderer('none');
const bodyRenderer = createTemplateRenderer('json');

/**
 * The request's headers from `Name: value` lines, each value rendered on its own and kept on one line, so a variable
 * cannot add a header. The provider's secret is a variable here only (`Authorization: Bearer {{ secret }}`).
 */
async function renderHeaders(template: string, variables: Record<string, unknown>): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  for (const line of template.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim();
    if (colon < 1 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new TemplateError(`header line "${line.slice(0, 60)}"`);
    headers[name.toLowerCase()] = (await headerRenderer.render(line.slice(colon + 1), variables)).replace(/[\r\n]+/g, ' ').trim();
  }
  return headers;
}

/**
 * Sends through any HTTP gateway: the URL (values URL-encoded), the headers and the body (values JSON-escaped) are
 * Liquid templates with the event's variables plus `to`, `message` (the channel's template rendered), `channel`,
 * `deliveryId` and `callbackUrl` (signed with `?sig=`). The message id is read from the JSON answer at `messageIdPath`.
 */
export async function sendWithHttp(
  outbound: OutboundRequests,
  provider: ProviderRow,
  delivery: DeliveryToSend,
  publicUrl: string,
): Promise<string | null> {
  const { settings } = provider;
  const variables = {
    ...delivery.variables,
    to: delivery.address,
    message: await messageText(delivery),
    channel: delivery.channel,
    deliveryId: delivery.id,
    callbackUrl: httpCallbackUrl(publicUrl, delivery.id, provider.secret),
  };
  const method = settings.method ?? 'POST';
  const headers = await renderHeaders(settings.headers ?? '', { ...variables, secret: provider.secret });
  const body = method === 'GET' ? undefined : await bodyRenderer.render(settings.body ?? '', variables);
  if (body && !headers['content-type']) headers['content-type'] = 'application/json';
  const response = await providerRequest(outbound, await urlRenderer.render(settings.url ?? '', variables), {
    method,
    headers,
    body,
  });
  if (!settings.messageIdPath) return null;
  const id = valueAtPath(safeJson(response.text()), settings.messageIdPath);
  return id === null || typeof id === 'object' ? null : String(id);
}
