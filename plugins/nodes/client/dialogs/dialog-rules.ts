import type { Command, NotificationSetting, TaskAction, TaskSetting, WebhookSetting } from '../../common/field-preference';
import type { ContactRecord } from '../../common/types';

// ---------- Webhook (spec 2.9, 5) ----------

export type WebhookField = 'method' | 'url' | 'headers' | 'body';

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
  if (!method) errors.method = 'nodes.webhook.errors.methodRequired';
  else if (method !== 'GET' && method !== 'POST') errors.method = 'nodes.webhook.errors.methodRequired';
  const url = (value.url ?? '').trim();
  if (url === '') errors.url = 'nodes.webhook.errors.urlRequired';
  else if (!/^https?:\/\/.+/.test(url)) errors.url = 'nodes.webhook.errors.url';
  if (!isJsonOrEmpty(value.headers ?? '')) errors.headers = 'nodes.webhook.errors.json';
  if (!isJsonOrEmpty(value.body ?? '')) errors.body = 'nodes.webhook.errors.json';
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

// ---------- Notification (spec 2.7) ----------

export const CONTACTS_PAGE_SIZE = 10;

/** The template variables offered (spec 2.7), as inserted into a template. */
export const TEMPLATE_VARIABLES = [
  { token: '{{receivedDeviceData}}', key: 'receivedDeviceData' },
  { token: '{{lastDeviceData}}', key: 'lastDeviceData' },
  { token: '{{itemName}}', key: 'itemName' },
  { token: '{{displayName}}', key: 'displayName' },
  { token: '{{description}}', key: 'description' },
  { token: '{{currentOutputValue}}', key: 'currentOutputValue' },
  { token: '{{unit}}', key: 'unit' },
] as const;

export function notificationFormValue(setting: Partial<NotificationSetting> | undefined): NotificationSetting {
  return {
    smsEnabled: setting?.smsEnabled ?? false,
    smsTemplate: setting?.smsTemplate ?? '',
    whatsappEnabled: setting?.whatsappEnabled ?? false,
    emailEnabled: setting?.emailEnabled ?? false,
    emailTemplate: setting?.emailTemplate ?? '',
    voiceEnabled: setting?.voiceEnabled ?? false,
    voiceTemplate: setting?.voiceTemplate ?? '',
    departments: [...(setting?.departments ?? [])],
  };
}

/** Departments: the distinct non-empty department values of the contacts, sorted (spec 3.3). */
export function departmentsOf(contacts: readonly ContactRecord[]): string[] {
  return [...new Set(contacts.map((contact) => contact.department.trim()).filter((name) => name !== ''))].sort((a, b) =>
    a.localeCompare(b),
  );
}

/** Keyword search over every shown column (trimmed, case-insensitive, substring). */
export function filterContacts(contacts: readonly ContactRecord[], keyword: string): ContactRecord[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...contacts];
  return contacts.filter((contact) =>
    [contact.name, contact.smsNum, contact.phone, contact.email, contact.department, contact.post].some((value) =>
      value.toLowerCase().includes(needle),
    ),
  );
}

/** One page (0-based) of 10 rows, with the page count (at least 1). */
export function pageOf<T>(
  rows: readonly T[],
  page: number,
  size = CONTACTS_PAGE_SIZE,
): { rows: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  return { rows: rows.slice(current * size, current * size + size), pages, page: current };
}

/** A contact's channel value, or the value with '(Unsubscribed)' when that channel is off for them. */
export function contactChannel(value: string, enabled: boolean, unsubscribed: string): string {
  if (enabled) return value;
  return value ? `${value} ${unsubscribed}` : unsubscribed;
}

/** Whether any channel is on (the range editor's notify icon is then highlighted). */
export function anyChannelOn(setting: Partial<NotificationSetting> | undefined): boolean {
  return !!(setting?.smsEnabled || setting?.whatsappEnabled || setting?.emailEnabled || setting?.voiceEnabled);
}

// ---------- Task (spec 2.8) ----------

export const TASK_KEYS = ['taskCreated', 'taskAcked', 'taskCleared'] as const;
export type TaskKey = (typeof TASK_KEYS)[number];

export function taskFormValue(task: Partial<TaskSetting> | undefined): TaskSetting {
  const action = (value: Partial<TaskAction> | undefined): TaskAction => ({
    enable: value?.enable ?? false,
    device: value?.device ?? '',
    commandId: value?.commandId ?? '',
  });
  return { taskCreated: action(task?.taskCreated), taskAcked: action(task?.taskAcked), taskCleared: action(task?.taskCleared) };
}

/** Commands other than the 'No command selected' entry (empty id). */
export function realCommands(commands: readonly Command[] | undefined): Command[] {
  return (commands ?? []).filter((command) => command.id !== '');
}

/** The Command select is disabled when the block is off or the device has no commands (spec 2.8). */
export function isCommandSelectDisabled(action: TaskAction, commands: readonly Command[] | undefined): boolean {
  return !action.enable || realCommands(commands).length === 0;
}

/** A command that is not among the device's commands resets to none (spec 4). */
export function reconcileCommand(action: TaskAction, commands: readonly Command[] | undefined): TaskAction {
  if (action.commandId === '' || commands === undefined) return action;
  return realCommands(commands).some((command) => command.id === action.commandId) ? action : { ...action, commandId: '' };
}
