import { createToken } from '@sensorium/core/common';
import type { SqlExecutor } from '@sensorium/nodes/common';

/** A notification client of an application (accounts §3 "Contacts"). */
export interface Contact {
  id: string;
  appId: string;
  name: string;
  /** SMS and WhatsApp number, E.164 (+85291234567). */
  smsNum: string;
  phone: string;
  email: string;
  department: string;
  post: string;
  /** 1 is told first; escalation moves on to the next priority. */
  priority: number;
  misc: string;
  /** Never sent anything, whatever the channel. */
  unsubscribed: boolean;
  /** Per-channel subscription preference. */
  smsEnable: boolean;
  whatsappEnable: boolean;
  emailEnable: boolean;
  voiceEnable: boolean;
}

export interface RecipientQuery {
  /** Empty: every department ("Send to all: Leave it blank"). */
  departments: readonly string[];
  /** Only this priority; omitted: every priority. */
  priority?: number;
}

/** The notifications plugin's contacts, for the plugins that plan notifications. */
export interface ContactDirectory {
  /**
   * The application's contacts in these departments, unsubscribed ones included (the history shows them as skipped);
   * `tx` reads inside the caller's transaction (an event transition hook: PGlite would wait for it to end).
   */
  recipients(appId: string, query: RecipientQuery, tx?: SqlExecutor): Promise<Contact[]>;
  /** `recipients` of several applications' queries (every priority) with one statement: a batch of events. */
  recipientsOfEach(queries: readonly { appId: string; departments: readonly string[] }[], tx?: SqlExecutor): Promise<Contact[][]>;
  get(appId: string, id: string): Promise<Contact | null>;
}
export const ContactDirectoryToken = createToken<ContactDirectory>('notifications.contact-directory');
