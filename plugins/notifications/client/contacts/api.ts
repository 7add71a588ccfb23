import { getEnv } from 'mobx-state-tree';
import type { HttpClient, StoreEnv } from '@sensorium/core/client';
import type { Contact, ContactImportReport, ContactInput, ContactPage } from '../../common';

const encode = encodeURIComponent;

/** The Notification Client page's calls (GET/POST/PUT/DELETE /notifications/:appId/contacts…); for the store only. */
export function createContactsApi(http: HttpClient) {
  const base = (appId: string) => `notifications/${encode(appId)}/contacts`;
  return {
    /** The application's name; an unknown or hidden one answers 404, and the HTTP client opens /auth/not-found. */
    application: (appId: string) => http.get(`application/${encode(appId)}`).json<{ name: string }>(),
    page: (appId: string, query: { q: string; page: number; size: number }) =>
      http.get(base(appId), { searchParams: query }).json<ContactPage>(),
    departments: (appId: string) => http.get(`${base(appId)}/departments`).json<{ departments: string[] }>(),
    create: (appId: string, input: ContactInput) => http.post(base(appId), { json: input }).json<Contact>(),
    update: (appId: string, id: string, input: ContactInput) =>
      http.put(`${base(appId)}/${encode(id)}`, { json: input }).json<Contact>(),
    remove: (appId: string, id: string) => http.delete(`${base(appId)}/${encode(id)}`).then(() => undefined),
    exportCsv: (appId: string) => http.get(`${base(appId)}/export`).blob(),
    importCsv: (appId: string, file: Blob, fileName: string) => {
      const form = new FormData();
      form.append('file', file, fileName);
      return http.post(`${base(appId)}/import`, { body: form }).json<ContactImportReport>();
    },
  };
}

export type ContactsApi = ReturnType<typeof createContactsApi>;

/** The API for a store node, through the console's HTTP client in the store's environment. */
export function contactsApi(node: object): ContactsApi {
  return createContactsApi(getEnv<Pick<StoreEnv, 'http'>>(node).http);
}
