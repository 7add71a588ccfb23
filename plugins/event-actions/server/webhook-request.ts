import { createTemplateRenderer, type TemplateRenderer } from '@sensorium/core/server';
import { eventTemplateVariables, type EventRecord } from '@sensorium/events/common';
import type { WebhookMethod, WebhookSetting } from '@sensorium/nodes/common';
import type { ActionTransition } from '../common';

/** The HTTP request of one webhook try, before it is signed. */
export interface WebhookRequest {
  method: WebhookMethod;
  url: string;
  headers: Record<string, string>;
  /** What is sent (POST) and signed: the raw body, or null for a GET, which signs its query string. */
  body: string | null;
}

/** A webhook that cannot be sent as configured (a template error, JSON that is no JSON, a URL that is no URL). */
export class WebhookSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSettingError';
  }
}

// Values land inside JSON strings in headers and bodies, and inside URL components in the URL.
const jsonText = createTemplateRenderer('json');
const urlText = createTemplateRenderer('uri');
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

async function render(part: string, renderer: TemplateRenderer, template: string, variables: Record<string, unknown>) {
  try {
    return await renderer.render(template, variables);
  } catch (error) {
    throw new WebhookSettingError(`The ${part} template cannot be rendered: ${(error as Error).message}`);
  }
}

function parseJson(part: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new WebhookSettingError(`The ${part} is not valid JSON once rendered`);
  }
}

function headersOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new WebhookSettingError('The headers must be a JSON object of names and values');
  }
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(value)) {
    if (!HEADER_NAME.test(name)) throw new WebhookSettingError(`"${name}" is no header name`);
    if (typeof header === 'object' && header !== null) throw new WebhookSettingError(`The header ${name} must be text`);
    headers[name] = String(header ?? '');
  }
  return headers;
}

/**
 * Renders the range's webhook for one event transition. URL, headers and body are Liquid templates over the event's
 * variables and `transition`. A POST without a body template sends `{ transition, event }`; a GET sends no body.
 */
export async function renderWebhookRequest(
  setting: WebhookSetting,
  event: EventRecord,
  transition: ActionTransition,
): Promise<WebhookRequest> {
  const variables = { ...eventTemplateVariables(event), transition };
  const url = await render('URL', urlText, setting.url, variables);
  if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol)) {
    throw new WebhookSettingError('The URL is not an http:// or https:// address once rendered');
  }
  const headers = setting.headers.trim()
    ? headersOf(parseJson('headers', await render('headers', jsonText, setting.headers, variables)))
    : {};
  if (setting.method === 'GET') return { method: 'GET', url, headers, body: null };
  const body = setting.body.trim()
    ? await render('body', jsonText, setting.body, variables)
    : JSON.stringify({ transition, event });
  parseJson('body', body);
  return { method: 'POST', url, headers, body };
}
