import { and, eq, inArray } from 'drizzle-orm';
import { chunks, type Database, type JobQueue, type SqlExecutor } from '@sensorium/core/server';
import type { EventRecord, EventTransitionHook } from '@sensorium/events/common';
import type { PublicLinks } from '@sensorium/public-alert/common';
import type { Contact, ContactDirectory } from '../../common';
import type { DeliveryChannel } from '../../common/history';
import { escalationSetting, roundRecipients } from '../escalation/escalation-setting';
import { notificationVariables } from '../templates/template-variables';
import { notificationRequest, type NotificationRequest } from './notification-request';
import { notificationsDeliveries } from './schema';

export const DELIVER_QUEUE = 'notifications.deliver';
export interface DeliverJob {
  deliveryId: string;
}

/** A statement carries at most 65,535 parameters; a row takes 14. */
const ROWS_PER_INSERT = 2000;

/** Why a contact gets nothing on a channel; stored as the row's error and shown translated. */
export type SkipReason = 'unsubscribed' | 'channelOff' | 'noAddress';

/** Where a channel reaches a contact and whether the contact takes it. */
export function contactChannel(contact: Contact, channel: DeliveryChannel): { address: string; skip: SkipReason | null } {
  const { address, enabled } = {
    sms: { address: contact.smsNum, enabled: contact.smsEnable },
    whatsapp: { address: contact.smsNum, enabled: contact.whatsappEnable },
    email: { address: contact.email, enabled: contact.emailEnable },
    voice: { address: contact.phone, enabled: contact.voiceEnable },
  }[channel];
  const trimmed = address.trim();
  if (contact.unsubscribed) return { address: trimmed, skip: 'unsubscribed' };
  if (!enabled) return { address: trimmed, skip: 'channelOff' };
  return { address: trimmed, skip: trimmed === '' ? 'noAddress' : null };
}

/** The history's Reference: the event's description, or its item. */
export const referenceOf = (event: EventRecord) =>
  event.description || event.node.displayName || event.node.itemDisplayName || event.itemName;

export interface PlanDeps {
  contacts: ContactDirectory;
  links: PublicLinks;
  jobs: JobQueue;
}

export type PlannedRow = typeof notificationsDeliveries.$inferInsert;

/** One round of an event's notifications: the event's own (level 0) or an escalation round (level 1, 2…). */
export interface DeliveryRound {
  event: EventRecord;
  request: NotificationRequest;
  recipients: readonly Contact[];
  escalationLevel: number;
}

/**
 * Rounds' delivery rows: one per recipient and channel (skipped ones included, so the history shows them). Each
 * recipient who gets something has a public link of their own; a batch's links are issued with one statement.
 */
export async function roundsRows(links: PublicLinks, tx: SqlExecutor, rounds: readonly DeliveryRound[]): Promise<PlannedRow[]> {
  const planned = rounds.flatMap((round) =>
    round.recipients.map((contact) => {
      const channels = round.request.channels.map((channel) => ({ channel, ...contactChannel(contact, channel) }));
      return { round, contact, channels, linked: channels.some(({ skip }) => skip === null) };
    }),
  );
  const linked = planned.filter((recipient) => recipient.linked);
  const issued = await links.issueMany(
    linked.map(({ round: { event }, contact }) => ({
      appId: event.appId,
      eventId: event.id,
      contactId: contact.id,
      actorLabel: contact.name,
      actions: ['ack', 'clear'] as const,
    })),
    tx,
  );
  const linkOf = new Map(linked.map((recipient, index) => [recipient, issued[index]!]));
  return planned.flatMap((recipient) => {
    const { round, contact, channels } = recipient;
    const { event, request, escalationLevel } = round;
    const link = linkOf.get(recipient);
    const usage = escalationLevel === 0 ? 'created' : 'escalation';
    return channels.map(({ channel, address, skip }): PlannedRow => ({
      appId: event.appId,
      eventId: event.id,
      itemUuid: event.itemUuid,
      transition: 'created',
      contactId: contact.id,
      contactName: contact.name,
      address,
      channel,
      usage,
      escalationLevel,
      reference: referenceOf(event),
      status: skip ? 'skipped' : 'queued',
      error: skip,
      template: skip ? '' : request.templates[channel],
      variables: link && !skip ? notificationVariables(event, link.url, usage) : {},
    }));
  });
}

/** Inserts planned rows in the caller's transaction and queues one deliver job per queued row with them. */
export async function queueDeliveries(tx: SqlExecutor, jobs: JobQueue, rows: readonly PlannedRow[]): Promise<void> {
  // The events plugin hands its Drizzle transaction on; its common code can only name it by `execute`.
  for (const part of chunks([...rows], ROWS_PER_INSERT)) {
    const planned = await (tx as Database)
      .insert(notificationsDeliveries)
      .values(part)
      .onConflictDoNothing()
      .returning({ id: notificationsDeliveries.id, status: notificationsDeliveries.status });
    const queued = planned.filter(({ status }) => status === 'queued');
    await jobs.sendMany(
      DELIVER_QUEUE,
      queued.map(({ id }): DeliverJob => ({ deliveryId: id })),
      { tx },
    );
  }
}

/** The contacts of each event among `eventIds` that its first round has planned already, as `eventId/contactId`. */
async function plannedAlready(tx: SqlExecutor, eventIds: readonly string[]): Promise<Set<string>> {
  const rows = await (tx as Database)
    .selectDistinct({ eventId: notificationsDeliveries.eventId, contactId: notificationsDeliveries.contactId })
    .from(notificationsDeliveries)
    .where(
      and(
        inArray(notificationsDeliveries.eventId, [...eventIds]),
        eq(notificationsDeliveries.transition, 'created'),
        eq(notificationsDeliveries.escalationLevel, 0),
      ),
    );
  return new Set(rows.map(({ eventId, contactId }) => `${eventId}/${contactId}`));
}

/**
 * For each created event whose range asks for notifications, the first round's rows, links and jobs, in `tx` (the
 * `notifications.plan` worker's). A contact the event's round has planned already is skipped, so a plan job run twice
 * issues no second link. With escalation to the next priority on, the first round tells only the first priority's
 * contacts.
 */
export function planDeliveries({ contacts, links, jobs }: PlanDeps): EventTransitionHook {
  return async (tx, transitions) => {
    const asked = transitions.flatMap(({ kind, event }) => {
      const request = kind === 'created' ? notificationRequest(event.actions) : null;
      return request ? [{ event, request }] : [];
    });
    if (asked.length === 0) return;
    const planned = await plannedAlready(
      tx,
      asked.map(({ event }) => event.id),
    );
    const everyone = await contacts.recipientsOfEach(
      asked.map(({ event, request }) => ({ appId: event.appId, departments: request.departments })),
      tx,
    );
    const rounds = asked.map(({ event, request }, index): DeliveryRound => {
      const recipients = roundRecipients(everyone[index]!, escalationSetting(event.actions), 0);
      const unplanned = (recipients ?? []).filter((contact) => !planned.has(`${event.id}/${contact.id}`));
      return { event, request, recipients: unplanned, escalationLevel: 0 };
    });
    const rows = await roundsRows(links, tx, rounds);
    if (rows.length > 0) await queueDeliveries(tx, jobs, rows);
  };
}
