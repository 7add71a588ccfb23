import type { Database, JobQueue, Logger, Mailer, PushHub, ServerPluginContext } from '@sensorium/core/server';
import {
  canSeeApplication,
  type ApplicationAccess,
  type ApplicationBranding,
  type ApplicationOwner,
} from '@sensorium/applications/common';
import { eventTransitionHooks, type EventStore } from '@sensorium/events/common';
import type { ItemLookup } from '@sensorium/nodes/common';
import type { PublicLinks } from '@sensorium/public-alert/common';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { TextMessagesToken } from '../../common';
import { NOTIFICATION_DELIVERY_TOPIC, type NotificationDeliveryPush } from '../../common/history';
import { contactDirectory } from '../contacts/contact-directory';
import { ChannelSenders } from './channel-sender';
import { deliverBatchWorker } from './deliver-batch';
import { crashCheckpoint } from './crash-checkpoint';
import {
  DELIVER_EXPIRE_MINUTES,
  DELIVER_RETRY_DELAY_MINUTES,
  DELIVER_RETRY_LIMIT,
  deliverWorker,
  type DeliveryStage,
} from './deliver-worker';
import { emailSender } from './email-sender';
import { historyRoutes } from './history-routes';
import { DELIVER_QUEUE, planDeliveries, type DeliverJob } from './plan-deliveries';
import { BURST_BATCHING, planLater, planQueue, type PlanJob } from './plan-later';
import { planResumeMessages } from './plan-resume-messages';
import { textMessages } from './text-messages';

export interface DispatchPartDeps {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  push: PushHub;
  events: EventStore;
  links: PublicLinks;
  access: ApplicationAccess;
  branding: ApplicationBranding;
  items: ItemLookup;
  log: Logger;
  /** The per-contact rate limit the deliver worker checks (the rate-limit part's). */
  rateLimit?: RateLimiter;
  /** How many seconds a minute of the job timings lasts (60; shorter under test). */
  minuteSeconds: number;
  /** The restart test's crash point (SENSORIUM_NOTIFICATIONS_CRASH_AT); empty otherwise. */
  crashAt: '' | DeliveryStage;
}

/** What other parts plug into dispatch: more channels' senders, and the history pages' refresh after a row changed. */
export interface DispatchPart {
  senders: ChannelSenders;
  changed(appId: string): void;
}

/**
 * The dispatch part: queues, in the transaction of an event's creation and of its end (the transition hook), the
 * `notifications.plan` job that plans its notifications and the message that it is over, delivers them
 * with the `notifications.deliver` jobs through the channels' senders (e-mail for now), and serves the Notification
 * History with its `notification-delivery` push. It provides the direct messages other plugins send the same way.
 */
export function registerDispatch(context: ServerPluginContext, deps: DispatchPartDeps): DispatchPart {
  const { db, jobs, push, access } = deps;
  // Every instance tells its own sockets; the owner is read once, where the row changed.
  const send = push.fanOut<{ appId: string; owner: ApplicationOwner }>(NOTIFICATION_DELIVERY_TOPIC, ({ appId, owner }) => {
    const message = { topic: NOTIFICATION_DELIVERY_TOPIC, data: { appId } satisfies NotificationDeliveryPush };
    push.publishKeyed(appId, message, (user) => canSeeApplication(user, owner));
  });
  const changed = (appId: string) => {
    if (!push.mayHaveSubscribers(NOTIFICATION_DELIVERY_TOPIC, appId)) return;
    // A lost push only delays the page until its next load.
    void access
      .ownerOf(appId)
      .then((owner) => owner && send({ appId, owner }))
      .catch(() => undefined);
  };
  const senders = new ChannelSenders([emailSender(deps.mailer)]);
  const deliverDeps = {
    db,
    senders,
    events: deps.events,
    branding: deps.branding,
    changed,
    log: deps.log,
    rateLimit: deps.rateLimit,
    checkpoint: crashCheckpoint(deps.crashAt),
  };
  const deliver = deliverWorker(deliverDeps);
  jobs.addQueue<DeliverJob>({
    name: DELIVER_QUEUE,
    work: deliver,
    workBatch: deliverBatchWorker(deliverDeps, deliver),
    ...BURST_BATCHING,
    expireInSeconds: DELIVER_EXPIRE_MINUTES * deps.minuteSeconds,
    retryLimit: DELIVER_RETRY_LIMIT,
    retryDelay: Math.max(1, Math.round(DELIVER_RETRY_DELAY_MINUTES * deps.minuteSeconds)),
    retryBackoff: true,
  });
  const planners = [planDeliveries({ contacts: contactDirectory(db), links: deps.links, jobs }), planResumeMessages(jobs)];
  jobs.addQueue<PlanJob>(planQueue(db, planners));
  context.contribute(eventTransitionHooks, planLater(jobs));
  for (const route of historyRoutes(db, deps.items)) context.addRoute(route);
  context.provide(TextMessagesToken, textMessages({ db, jobs, changed }));
  return { senders, changed };
}
