import { asc, eq } from 'drizzle-orm';
import { defineAppRoute, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import { NodeAppParams } from '../common/inputs';
import type { ContactRecord } from '../common/types';
import { contactsSchema } from './response-schemas';
import { BASE } from './routes/item-routes';
import { contacts } from './schema';

export async function listContacts(db: Database, appId: string): Promise<ContactRecord[]> {
  return db
    .select({
      id: contacts.id,
      name: contacts.name,
      smsNum: contacts.smsNum,
      phone: contacts.phone,
      email: contacts.email,
      department: contacts.department,
      post: contacts.post,
      smsEnable: contacts.smsEnable,
      phoneEnable: contacts.phoneEnable,
      emailEnable: contacts.emailEnable,
    })
    .from(contacts)
    .where(eq(contacts.appId, appId))
    .orderBy(asc(contacts.name));
}

/** GET /contacts: the people an application's notifications may go to. */
export function contactRoutes(db: Database): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/contacts`,
      summary: 'The application’s notification contacts',
      app: 'appId',
      params: NodeAppParams,
      response: contactsSchema,
      handler: async ({ app }) => ({ contacts: await listContacts(db, app.id) }),
    }),
  ];
}
