import type { SQLWrapper } from 'drizzle-orm';
import { queryRows, type Database, type JobQueue, type SqlExecutor } from '@sensorium/core/server';
import type { EventTransitionHook } from '@sensorium/events/common';
import { actionTransitionOf } from '../common';
import { taskOf, webhookOf } from './actions-snapshot';
import { tasks, webhooks } from './schema';

export const WEBHOOK_QUEUE = 'event-actions.webhook';
export const TASK_QUEUE = 'event-actions.task';

export interface WebhookJob {
  webhookId: string;
}
export interface TaskJob {
  taskId: string;
}

/**
 * The events plugin's transition hook: for each created, acknowledged or cleared event whose range asked for it, a
 * webhook delivery and the step's task are written and their jobs queued in the transition's transaction, so they exist
 * exactly when the transition does. The jobs do the sending. `db` only builds the statements; `tx` runs them.
 */
export function planActions(db: Database, queue: JobQueue): EventTransitionHook {
  const insertReturningId = async (tx: SqlExecutor, statement: SQLWrapper) =>
    (await queryRows<{ id: string }>(tx, statement.getSQL()))[0]!.id;
  return async (tx, transitions) => {
    for (const { kind, event } of transitions) {
      const transition = actionTransitionOf(kind);
      if (!transition) continue;
      const base = { appId: event.appId, eventId: event.id, transition };
      const webhook = webhookOf(event.actions);
      if (webhook) {
        const insert = db
          .insert(webhooks)
          .values({ ...base, itemUuid: event.itemUuid, setting: webhook, event })
          .returning({ id: webhooks.id });
        const webhookId = await insertReturningId(tx, insert);
        await queue.send(WEBHOOK_QUEUE, { webhookId } satisfies WebhookJob, { tx });
      }
      const task = taskOf(event.actions, transition);
      if (task) {
        const insert = db
          .insert(tasks)
          .values({ ...base, device: task.device, commandId: task.commandId })
          .returning({ id: tasks.id });
        const taskId = await insertReturningId(tx, insert);
        await queue.send(TASK_QUEUE, { taskId } satisfies TaskJob, { tx });
      }
    }
  };
}
