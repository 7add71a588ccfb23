import { and, asc, eq } from 'drizzle-orm';
import type { Database, JobQueue } from '@sensorium/core/server';
import { E164_PATTERN, TEXT_MESSAGE_MAX_CHARS, TextMessageError, type Contact, type TextMessages } from '../../common';
import { contactDirectory } from '../contacts/contact-directory';
import { toContact } from '../contacts/contact-record';
import { contacts } from '../contacts/schema';
import { contactChannel, DELIVER_QUEUE, type DeliverJob, type PlannedRow } from './plan-deliveries';
import { notificationsDeliveries } from './schema';

/** The message goes as the provider's text as it is: a variable, so braces in it are never read as a template. */
const DIRECT_TEMPLATE = '{{ text }}';

export interface TextMessagesDeps {
  db: Database;
  jobs: JobQueue;
  /** Tells the application's history pages that its deliveries changed. */
  changed(appId: string): void;
}

/**
 * The contact a number reaches among the application's contacts: one who refuses SMS (unsubscribed, SMS off) first,
 * so a message never reaches someone who said no because another contact shares the number.
 */
async function contactOfNumber(db: Database, appId: string, number: string): Promise<Contact | null> {
  const rows = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.appId, appId), eq(contacts.smsNum, number)))
    .orderBy(asc(contacts.priority), asc(contacts.name));
  const found = rows.map(toContact);
  return found.find((contact) => contactChannel(contact, 'sms').skip !== null) ?? found[0] ?? null;
}

function checkedNumber(number: string): string {
  if (!E164_PATTERN.test(number)) throw new TextMessageError(`${number} is not a number such as +85291234567`);
  return number;
}

/** TextMessagesToken: a direct message becomes a delivery row and its deliver job, committed together. */
export function textMessages({ db, jobs, changed }: TextMessagesDeps): TextMessages {
  const directory = contactDirectory(db);
  const knownContact = async (appId: string, contactId: string) => {
    const contact = await directory.get(appId, contactId);
    if (!contact) throw new TextMessageError(`The application has no contact ${contactId}`);
    return contact;
  };
  return {
    async send({ appId, to, text, reference, itemUuid }) {
      if (text.trim() === '') throw new TextMessageError('The message is empty');
      if (text.length > TEXT_MESSAGE_MAX_CHARS) {
        throw new TextMessageError(`The message is longer than ${TEXT_MESSAGE_MAX_CHARS} characters`);
      }
      const { contact, number } =
        'contactId' in to
          ? { contact: await knownContact(appId, to.contactId), number: '' }
          : { contact: await contactOfNumber(db, appId, checkedNumber(to.number)), number: to.number };
      const { address, skip } = contact ? contactChannel(contact, 'sms') : { address: number, skip: null };
      const row: PlannedRow = {
        appId,
        eventId: null,
        itemUuid,
        transition: 'direct',
        contactId: contact?.id ?? null,
        contactName: contact?.name ?? '',
        address,
        channel: 'sms',
        usage: 'direct',
        reference,
        status: skip ? 'skipped' : 'queued',
        error: skip,
        template: skip ? '' : DIRECT_TEMPLATE,
        variables: skip ? {} : { text },
      };
      const deliveryId = await db.transaction(async (tx) => {
        const [planned] = await tx.insert(notificationsDeliveries).values(row).returning({ id: notificationsDeliveries.id });
        if (!skip) await jobs.send(DELIVER_QUEUE, { deliveryId: planned!.id } satisfies DeliverJob, { tx });
        return planned!.id;
      });
      changed(appId);
      return { deliveryId, status: skip ? 'skipped' : 'queued', reason: skip };
    },
  };
}
