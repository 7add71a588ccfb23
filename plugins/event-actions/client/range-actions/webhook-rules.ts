import type { WebhookSetting } from '@sensorium/nodes/common';

export type WebhookField = 'method' | 'url' | 'headers' | 'body';

const E = 'event-actions.webhook.errors';

/** The dialog's starting value: enable true and GET by default (spec 3.3). */
export function webhookFormValue(setting: Partial<WebhookSetting> | undefined): WebhookSetting {
  return {
    enable: setting?.enable ?? true,
    method: setting?.method ?? 'GET',
    url: setting?.url ?? '',
    headers: setting?.headers ?? '',
    body: setting?.body ?? '',
  };
}

function isJsonOrEmpty(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** i18n keys of each field's problem (spec 5 Webhook), whether shown yet or not. */
export function webhookErrors(value: Partial<WebhookSetting>): Partial<Record<WebhookField, string>> {
  const errors: Partial<Record<WebhookField, string>> = {};
  const method = value.method as string | undefined;
  if (method !== 'GET' && method !== 'POST') errors.method = `${E}.methodRequired`;
  const url = (value.url ?? '').trim();
  if (url === '') errors.url = `${E}.urlRequired`;
  else if (!/^https?:\/\/.+/.test(url)) errors.url = `${E}.url`;
  if (!isJsonOrEmpty(value.headers ?? '')) errors.headers = `${E}.json`;
  if (!isJsonOrEmpty(value.body ?? '')) errors.body = `${E}.json`;
  return errors;
}

/** Errors show only once a field is dirty or touched (spec 5). */
export function visibleWebhookErrors(
  errors: Partial<Record<WebhookField, string>>,
  touched: ReadonlySet<WebhookField>,
): Partial<Record<WebhookField, string>> {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => touched.has(field as WebhookField)));
}

/** Save is disabled while the form is invalid. */
export function isWebhookValid(value: Partial<WebhookSetting>): boolean {
  return Object.keys(webhookErrors(value)).length === 0;
}
