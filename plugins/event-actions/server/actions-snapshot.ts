import type { EventActions } from '@sensorium/events/common';
import { WEBHOOK_METHODS, type TaskAction, type WebhookMethod, type WebhookSetting } from '@sensorium/nodes/common';
import type { ActionTransition } from '../common';

/*
 * The range's settings as the event copied them at creation (`actions.webhook`, `actions.task`). They were validated
 * when the range was saved, but events outlive edits and backups, so each part is read defensively: anything malformed
 * counts as switched off.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The event's webhook, when it is on and has a URL. */
export function webhookOf(actions: EventActions): WebhookSetting | null {
  const setting = actions.webhook;
  if (!isRecord(setting) || setting.enable !== true || text(setting.url).trim() === '') return null;
  const method = WEBHOOK_METHODS.includes(setting.method as WebhookMethod) ? (setting.method as WebhookMethod) : 'GET';
  return { enable: true, method, url: text(setting.url).trim(), headers: text(setting.headers), body: text(setting.body) };
}

const TASK_KEYS: Record<ActionTransition, 'taskCreated' | 'taskAcked' | 'taskCleared'> = {
  created: 'taskCreated',
  acknowledged: 'taskAcked',
  cleared: 'taskCleared',
};

/** The event's task for this step (taskCreated, taskAcked or taskCleared), when it is on and names a device and command. */
export function taskOf(actions: EventActions, transition: ActionTransition): TaskAction | null {
  const setting = actions.task;
  const action = isRecord(setting) ? setting[TASK_KEYS[transition]] : undefined;
  if (!isRecord(action) || action.enable !== true) return null;
  const device = text(action.device).trim();
  const commandId = text(action.commandId);
  return device && commandId ? { enable: true, device, commandId } : null;
}
