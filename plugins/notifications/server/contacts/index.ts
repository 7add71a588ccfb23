import { applicationDataParticipants, type Database, type ServerPluginContext } from '@sensorium/core/server';
import { ContactDirectoryToken } from '../../common';
import { contactsDataParticipant } from './application-data';
import { contactDirectory } from './contact-directory';
import { ContactRepository } from './contact-repository';
import { contactRoutes } from './contact-routes';

export interface ContactsPartDeps {
  db: Database;
}

/** The contacts part: the notification clients' routes, the contact directory and their share of a backup. */
export function registerContacts(context: ServerPluginContext, { db }: ContactsPartDeps): void {
  const repository = new ContactRepository(db);
  for (const route of contactRoutes(repository)) context.addRoute(route);
  context.contribute(applicationDataParticipants, contactsDataParticipant(db));
  context.provide(ContactDirectoryToken, contactDirectory(db));
}
