import { and, inArray } from 'drizzle-orm';
import type { Database, JobQueue } from '@sensorium/core/server';
import type { EventTransition, EventTransitionHook } from '@sensorium/events/common';
import type { DeliveryStatus, DeliveryUsage } from '../../common/history';
import { resumeTemplate } from '../templates/resume-template';
import { notificationVariables } from '../templates/template-variables';
import { notificationRequest } from './notification-request';
import { queueDeliveries, referenceOf, type PlannedRow } from './plan-deliveries';
import { notificationsDeliveries as deliveries } from './schema';

/** The rows' `transition` for every message telling that an event is over: its unique key allows one per event. */
export const RESUME_TRANSITION = 'over';

/** Deliveries that reached (or may have reached) their contact: they are told that it is over. */
const HANDED_OVER: DeliveryStatus[] = ['sent', 'delivered', 'unknown'];

/** The usage of a transition that ends an event for its contacts: the value left the range, or it was cleared. */
export function endingUsage({ kind, detail }: EventTransition): DeliveryUsage | null {
  if (kind === 'updated' && detail.reason === 'resume') return 'resumed';
  if (kind === 'cleared' || kind === 'auto-cleared') return 'cleared';
  return null;
}

/**
 * The plan for the end of an event: when a notified event resumes or is cleared, each contact and channel that was
 * handed one of its messages (created or escalation) gets one more, Usage Resumed or Cleared, through the same link.
 * The rows share one transition key, so an event is over once per contact and channel whatever follows (a reopen and a
 * second resume, a clear after the resume). Messages still queued when its plan runs get no resume message.
 */
export function planResumeMessages(jobs: JobQueue): EventTransitionHook {
  return async (tx, transitions) => {
    const endings = transitions.flatMap((transition) => {
      const usage = endingUsage(transition);
      const request = usage && notificationRequest(transition.event.actions);
      return usage && request ? [{ event: transition.event, usage, request }] : [];
    });
    if (endings.length === 0) return;
    // The events plugin hands its Drizzle transaction on; its common code can only name it by `execute`.
    const told = await (tx as Database)
      .selectDistinctOn([deliveries.eventId, deliveries.contactId, deliveries.channel], {
        eventId: deliveries.eventId,
        contactId: deliveries.contactId,
        contactName: deliveries.contactName,
        channel: deliveries.channel,
        address: deliveries.address,
        variables: deliveries.variables,
      })
      .from(deliveries)
      .where(
        and(
          inArray(
            deliveries.eventId,
            endings.map(({ event }) => event.id),
          ),
          inArray(deliveries.status, HANDED_OVER),
        ),
      )
      .orderBy(deliveries.eventId, deliveries.contactId, deliveries.channel, deliveries.createdAt);
    const rows = endings.flatMap(({ event, usage, request }) =>
      told
        .filter(({ eventId }) => eventId === event.id)
        .map(({ contactId, contactName, channel, address, variables }): PlannedRow => {
          const link = typeof variables.link === 'string' ? variables.link : '';
          return {
            appId: event.appId,
            eventId: event.id,
            itemUuid: event.itemUuid,
            transition: RESUME_TRANSITION,
            contactId,
            contactName,
            address,
            channel,
            usage,
            escalationLevel: 0,
            reference: referenceOf(event),
            status: 'queued',
            error: null,
            template: resumeTemplate(request, channel),
            variables: notificationVariables(event, link, usage),
          };
        }),
    );
    if (rows.length > 0) await queueDeliveries(tx, jobs, rows);
  };
}
