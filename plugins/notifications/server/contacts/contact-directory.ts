import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import type { ContactDirectory } from '../../common';
import { isUuid, toContact } from './contact-record';
import { contacts } from './schema';

/** ContactDirectoryToken over the contacts table: an application's recipients by department and priority. */
export function contactDirectory(db: Database): ContactDirectory {
  return {
    async recipients(appId, { departments, priority }, tx) {
      const conditions: SQL[] = [eq(contacts.appId, appId)];
      if (departments.length > 0) conditions.push(inArray(contacts.department, [...departments]));
      if (priority !== undefined) conditions.push(eq(contacts.priority, priority));
      // The hooks' transactions are the host's Drizzle ones; common code can only name them by `execute`.
      const rows = await ((tx as Database | undefined) ?? db)
        .select()
        .from(contacts)
        .where(and(...conditions))
        .orderBy(asc(contacts.priority), asc(contacts.name));
      return rows.map(toContact);
    },
    async recipientsOfEach(queries, tx) {
      if (queries.length === 0) return [];
      const appIds = [...new Set(queries.map((query) => query.appId))];
      const conditions: SQL[] = [inArray(contacts.appId, appIds)];
      // Narrowed to the departments named unless some query asks for every department.
      if (queries.every((query) => query.departments.length > 0)) {
        conditions.push(inArray(contacts.department, [...new Set(queries.flatMap((query) => query.departments))]));
      }
      const rows = await ((tx as Database | undefined) ?? db)
        .select()
        .from(contacts)
        .where(and(...conditions))
        .orderBy(asc(contacts.priority), asc(contacts.name));
      const found = rows.map(toContact);
      return queries.map(({ appId, departments }) =>
        found.filter(
          (contact) => contact.appId === appId && (departments.length === 0 || departments.includes(contact.department)),
        ),
      );
    },
    async get(appId, id) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.appId, appId), eq(contacts.id, id)));
      return row ? toContact(row) : null;
    },
  };
}
