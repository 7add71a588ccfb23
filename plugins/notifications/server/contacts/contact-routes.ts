import { defineAppRoute, HttpError, readUpload, type AnyRouteDefinition } from '@sensorium/core/server';
import { LICENCES } from '@sensorium/core/common';
import { ContactAppParams, ContactInput, ContactListQuery, ContactParams, type ContactImportReport } from '../../common';
import { contactsCsv, readContactsCsv } from './contact-csv';
import { checkImport, emptyReport } from './contact-import';
import type { ContactRepository } from './contact-repository';
import { contactPageSchema, contactSchema, departmentsSchema, importReportSchema } from './response-schemas';

const BASE = '/notifications/:appId/contacts';
const CSV_MAX_BYTES = 1024 * 1024;
// Browsers name a .csv file's type differently (Excel installed on Windows: application/vnd.ms-excel).
const CSV_TYPES = ['text/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'];

/** Reads need the application; changes also `notificationsetting` (shell §2.3). The whole page is IoT-licensed. */
const reading = { app: 'appId', licence: LICENCES.iot } as const;
const writing = { ...reading, permission: 'notificationsetting' } as const;

/** The Notification Client page's API: the application's contacts, paged and searched, changed, imported, exported. */
export function contactRoutes(repository: ContactRepository): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'GET',
      url: BASE,
      summary:
        'One page of the application’s notification clients, by name, searched by name, numbers, e-mail, department or post',
      ...reading,
      params: ContactAppParams,
      query: ContactListQuery,
      response: contactPageSchema,
      handler: ({ app, query }) => repository.page(app.id, query),
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/departments`,
      summary: 'The departments the application’s notification clients are in',
      ...reading,
      params: ContactAppParams,
      response: departmentsSchema,
      handler: async ({ app }) => ({ departments: await repository.departments(app.id) }),
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/export`,
      summary: 'The application’s notification clients as a CSV file (UTF-8 with a byte-order mark, for Excel)',
      ...reading,
      params: ContactAppParams,
      handler: async ({ app, reply }) => {
        const csv = contactsCsv(await repository.all(app.id));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="notification-clients.csv"')
          .send(csv);
      },
    }),
    defineAppRoute({
      method: 'POST',
      url: `${BASE}/import`,
      summary:
        'Imports notification clients from a CSV file (form field `file`): a name the application has updates that ' +
        'client. All or nothing: with any rejected row nothing is written, and the report names each row and field',
      ...writing,
      params: ContactAppParams,
      rawBody: true,
      response: importReportSchema,
      handler: async ({ app, request, t }): Promise<ContactImportReport> => {
        const upload = await readUpload(request, { field: 'file', maxBytes: CSV_MAX_BYTES, mimeTypes: CSV_TYPES });
        const rows = readContactsCsv(upload.content.toString('utf8'));
        if (!rows) throw HttpError.badRequest('notifications.contacts.validation.importHeader', 'file');
        const checked = checkImport(rows, t);
        if (checked.rejected.length > 0) return emptyReport(checked.rejected);
        return { ...(await repository.importAll(app.id, checked.inputs)), rejected: [] };
      },
    }),
    defineAppRoute({
      method: 'POST',
      url: BASE,
      summary: 'Adds a notification client; its name must be free in the application',
      ...writing,
      params: ContactAppParams,
      body: ContactInput,
      response: contactSchema,
      created: true,
      handler: ({ app, body }) => repository.create(app.id, body),
    }),
    defineAppRoute({
      method: 'PUT',
      url: `${BASE}/:id`,
      summary: 'Changes a notification client (fields left out keep their values); its name must stay free',
      ...writing,
      params: ContactParams,
      body: ContactInput,
      response: contactSchema,
      audit: { row: ({ app, params }) => repository.find(app.id, params.id) },
      handler: ({ app, params, body }) => repository.update(app.id, params.id, body),
    }),
    defineAppRoute({
      method: 'DELETE',
      url: `${BASE}/:id`,
      summary: 'Deletes a notification client',
      ...writing,
      params: ContactParams,
      audit: { row: ({ app, params }) => repository.find(app.id, params.id) },
      handler: ({ app, params }) => repository.remove(app.id, params.id),
    }),
  ];
}
