import { and, eq } from 'drizzle-orm';
import { HttpError, type AuditLog, type Database, type QueuedJob, type QueueDefinition } from '@sensorium/core/server';
import { SYSTEM_ACTOR, type EventStore } from '@sensorium/events/common';
import type { ItemCommands } from '@sensorium/nodes/common';
import { manifest } from '../manifest';
import { TASK_QUEUE, type TaskJob } from './plan-actions';
import { tasks } from './schema';

/** Why a command was not sent: nodes' error key and its values (the item, the command), or the adapter's message. */
function failureOf(error: unknown): { error: string; errorParams?: Record<string, string | number> } {
  if (error instanceof HttpError) return { error: error.code, errorParams: error.params };
  return { error: (error as Error).message };
}

/**
 * Sends tasks (queue event-actions.task): the item's command through nodes' command path, so its data source's adapter
 * delivers it (a downlink, or an HTTP call). A task is sent at most once: it is claimed before sending and never retried,
 * since repeating a command (open a valve) is worse than reporting that it failed. The outcome goes to the event's
 * history and to the audit trail as the system's doing (type `device`).
 */
export class TaskSender {
  constructor(
    private readonly db: Database,
    private readonly commands: ItemCommands,
    private readonly events: EventStore,
    private readonly audit: AuditLog,
  ) {}

  queue(): QueueDefinition<TaskJob> {
    return { name: TASK_QUEUE, retryLimit: 0, expireInSeconds: 60, work: (job) => this.send(job) };
  }

  async send(job: QueuedJob<TaskJob>): Promise<void> {
    const [task] = await this.db
      .update(tasks)
      .set({ status: 'sending' })
      .where(and(eq(tasks.id, job.data.taskId), eq(tasks.status, 'queued')))
      .returning();
    if (!task) return;
    let failure: ReturnType<typeof failureOf> | null = null;
    try {
      await this.commands.sendByItemName(task.appId, task.device, task.commandId);
    } catch (error) {
      failure = failureOf(error);
    }
    const outcome = failure ? 'failed' : 'sent';
    const detail = { action: 'task', transition: task.transition, device: task.device, commandId: task.commandId };
    await this.db.transaction(async (tx) => {
      await tx
        .update(tasks)
        .set({ status: outcome, error: failure?.error ?? null, finishedAt: new Date() })
        .where(eq(tasks.id, task.id));
      await this.events.note(tx, {
        eventId: task.eventId,
        kind: 'notified',
        actor: SYSTEM_ACTOR,
        detail: { ...detail, outcome, ...failure },
      });
    });
    await this.audit.record({
      userId: null,
      username: SYSTEM_ACTOR.label,
      action: 'event-actions.task.send',
      // A command sent to a device: the `device` type, though the system (not a user) sent it.
      type: 'device',
      target: task.eventId,
      pluginId: manifest.id,
      address: null,
      outcome: failure ? 'failure' : 'success',
      detail: { appId: task.appId, ...detail, ...failure },
    });
  }
}
