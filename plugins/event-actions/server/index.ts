import {
  applicationDeletionHooks,
  AuditLogToken,
  DatabaseToken,
  defineServerPlugin,
  JobQueueToken,
  OutboundRequestsToken,
} from '@sensorium/core/server';
import { eventTransitionHooks, EventStoreToken } from '@sensorium/events/common';
import { ItemCommandsToken, ItemLookupToken, rangeActionValidators } from '@sensorium/nodes/common';
import { WebhookUsageToken } from '../common';
import { manifest } from '../manifest';
import { AppSecrets } from './app-secrets';
import { eventActionsDeletionHook } from './deletion-hook';
import { migrations } from './migrations';
import { planActions } from './plan-actions';
import { taskSettingValidator, webhookSettingValidator } from './range-validators';
import { eventActionRoutes } from './routes';
import { TaskSender } from './task-sender';
import { WebhookSender } from './webhook-sender';
import { webhookUsage } from './webhook-usage';

/** Webhooks and tasks on event transitions (docs/alarm-loop.md, Webhooks and Tasks). */
export default defineServerPlugin({
  manifest,
  migrations,
  deps: {
    db: DatabaseToken,
    queue: JobQueueToken,
    outbound: OutboundRequestsToken,
    audit: AuditLogToken,
    events: EventStoreToken,
    commands: ItemCommandsToken,
    items: ItemLookupToken,
  },
  provides: [WebhookUsageToken],
  register(context, { db, queue, outbound, audit, events, commands, items }) {
    const secrets = new AppSecrets(db);
    queue.addQueue(new WebhookSender(db, outbound, secrets, events).queue());
    queue.addQueue(new TaskSender(db, commands, events, audit).queue());
    context.contribute(eventTransitionHooks, planActions(db, queue));
    for (const route of eventActionRoutes(db, items, secrets)) context.addRoute(route);
    context.contribute(applicationDeletionHooks, eventActionsDeletionHook);
    // The ranges' Task Setting and Webhook are this plugin's: nodes stores them, these check them.
    context.contribute(rangeActionValidators, taskSettingValidator);
    context.contribute(rangeActionValidators, webhookSettingValidator);
    // Usage reports (cost-management) count the webhook requests through this.
    context.provide(WebhookUsageToken, webhookUsage(db));
  },
});
