import type { Contact } from '../../common';
import type { ContactRow } from './schema';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; any other id names no contact (and would make PostgreSQL fail the query). */
export const isUuid = (id: string) => UUID_PATTERN.test(id);

/** A row as the API and the contact directory answer it. */
export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    appId: row.appId,
    name: row.name,
    smsNum: row.smsNum,
    phone: row.phone,
    email: row.email,
    department: row.department,
    post: row.post,
    priority: row.priority,
    misc: row.misc,
    unsubscribed: row.unsubscribed,
    smsEnable: row.smsEnable,
    whatsappEnable: row.whatsappEnable,
    emailEnable: row.emailEnable,
    voiceEnable: row.phoneEnable,
  };
}
