import { cast, types, type Instance } from 'mobx-state-tree';
import { RequestModel, saveBlob, track, type Outcome } from '@sensorium/core/client';
import { CONTACTS_PAGE_SIZE, type Contact, type ContactImportReport, type ContactInput, type ContactPage } from '../../common';
import { contactsApi, type ContactsApi } from './api';

/** Typing in the search box waits this long before the page is asked for. */
export const SEARCH_DEBOUNCE_MS = 300;
export const EXPORT_FILE_NAME = 'notification-clients.csv';

export const ContactModel = types.model('NotificationContact', {
  id: types.identifier,
  appId: types.string,
  name: types.string,
  smsNum: types.string,
  phone: types.string,
  email: types.string,
  department: types.string,
  post: types.string,
  priority: types.number,
  misc: types.string,
  unsubscribed: types.boolean,
  smsEnable: types.boolean,
  whatsappEnable: types.boolean,
  emailEnable: types.boolean,
  voiceEnable: types.boolean,
});

/**
 * The Notification Client page of one application: the keyword, the page of contacts the server answered for it (10
 * rows), the departments the dialog offers, and the calls that change them. An answer to an older query never replaces
 * a newer one, and an answer for another application is dropped.
 */
export const ContactsStore = types
  .model('NotificationContacts', {
    appId: types.maybeNull(types.string),
    appName: types.maybeNull(types.string),
    keyword: '',
    page: 1,
    total: 0,
    /** The page has been loaded for `appId`. */
    loaded: false,
    contacts: types.array(ContactModel),
    departments: types.array(types.string),
    report: types.frozen<ContactImportReport | null>(null),
    loading: types.optional(RequestModel, {}),
    saving: types.optional(RequestModel, {}),
    removing: types.optional(RequestModel, {}),
    transferring: types.optional(RequestModel, {}),
  })
  .volatile(() => ({ latestLoad: 0, timer: null as ReturnType<typeof setTimeout> | null }))
  .views((self) => ({
    /** The application's name and first page have arrived. */
    get ready(): boolean {
      return self.loaded && self.appName !== null;
    },
    get offset(): number {
      return (self.page - 1) * CONTACTS_PAGE_SIZE;
    },
  }))
  .actions((self) => ({
    reset(appId: string) {
      self.appId = appId;
      self.appName = null;
      self.keyword = '';
      self.page = 1;
      self.total = 0;
      self.loaded = false;
      self.contacts.clear();
      self.departments.clear();
      self.report = null;
    },
    setAppName(appId: string, name: string) {
      if (self.appId === appId) self.appName = name;
    },
    setQuery(query: { keyword?: string; page?: number }) {
      if (query.keyword !== undefined) self.keyword = query.keyword;
      if (query.page !== undefined) self.page = query.page;
    },
    setPage(appId: string, page: ContactPage) {
      if (self.appId !== appId) return;
      self.total = page.total;
      self.contacts = cast(page.contacts);
      self.loaded = true;
    },
    setDepartments(appId: string, departments: string[]) {
      if (self.appId === appId) self.departments = cast(departments);
    },
    setReport(report: ContactImportReport | null) {
      self.report = report;
    },
    nextLoad(): number {
      return ++self.latestLoad;
    },
    setTimer(timer: ReturnType<typeof setTimeout> | null) {
      self.timer = timer;
    },
    /** Forgets a search that has not started yet (the page was left, or a newer load started). */
    cancel() {
      if (self.timer) clearTimeout(self.timer);
      self.timer = null;
    },
  }))
  .actions((self) => {
    const api = () => contactsApi(self);
    /** A failed load keeps the rows shown; the HTTP client has reported it (a 404 opens /auth/not-found). */
    async function load(): Promise<void> {
      self.cancel();
      const appId = self.appId;
      if (appId === null) return;
      const ticket = self.nextLoad();
      const query = { q: self.keyword, page: self.page, size: CONTACTS_PAGE_SIZE };
      const outcome = await track(self.loading, () => api().page(appId, query));
      if (outcome.ok && ticket === self.latestLoad) self.setPage(appId, outcome.value);
    }
    async function loadDepartments(): Promise<void> {
      const appId = self.appId;
      if (appId === null) return;
      const outcome = await track(self.loading, () => api().departments(appId));
      if (outcome.ok) self.setDepartments(appId, outcome.value.departments);
    }
    /** A change of the contacts; the page and the departments are read again after a success. */
    async function change<T>(request: typeof self.saving, call: (api: ContactsApi, appId: string) => Promise<T>) {
      const appId = self.appId ?? '';
      const outcome = await track(request, () => call(api(), appId));
      if (outcome.ok) await Promise.all([load(), loadDepartments()]);
      return outcome;
    }
    return {
      load,
      /**
       * Opens an application's page: its name first (an unknown or hidden application answers 404 and the HTTP client
       * opens /auth/not-found), then the first page without a keyword, and the departments.
       */
      async open(appId: string): Promise<void> {
        self.cancel();
        self.reset(appId);
        const outcome = await track(self.loading, () => api().application(appId));
        if (!outcome.ok || self.appId !== appId) return;
        self.setAppName(appId, outcome.value.name);
        await Promise.all([load(), loadDepartments()]);
      },
      /** Only the application's departments (a form choosing departments, not the contacts page). */
      async openDepartments(appId: string): Promise<void> {
        self.cancel();
        self.reset(appId);
        await loadDepartments();
      },
      /** A new keyword starts again at the first page, once typing pauses. */
      search(keyword: string) {
        self.setQuery({ keyword, page: 1 });
        self.cancel();
        self.setTimer(setTimeout(() => void load(), SEARCH_DEBOUNCE_MS));
      },
      goTo(offset: number): Promise<void> {
        self.setQuery({ page: Math.floor(offset / CONTACTS_PAGE_SIZE) + 1 });
        return load();
      },
      /** Adds a contact (`id` null) or changes one; a failure keeps the server's message per field in `saving`. */
      save: (id: string | null, input: ContactInput): Promise<Outcome<Contact>> =>
        change(self.saving, (api, appId) => (id === null ? api.create(appId, input) : api.update(appId, id, input))),
      remove: (id: string): Promise<Outcome<void>> => change(self.removing, (api, appId) => api.remove(appId, id)),
      /** Imports a CSV file; the report (created, updated, or the rows refused) stays for the page to show. */
      async importCsv(file: Blob, fileName: string): Promise<Outcome<ContactImportReport>> {
        self.setReport(null);
        const outcome = await change(self.transferring, (api, appId) => api.importCsv(appId, file, fileName));
        if (outcome.ok) self.setReport(outcome.value);
        return outcome;
      },
      async exportCsv(): Promise<Outcome<void>> {
        const appId = self.appId ?? '';
        const outcome = await track(self.transferring, () => api().exportCsv(appId));
        if (!outcome.ok) return outcome;
        saveBlob(outcome.value, EXPORT_FILE_NAME);
        return { ok: true, value: undefined };
      },
      clearReport: () => self.setReport(null),
    };
  });

export type ContactsStoreInstance = Instance<typeof ContactsStore>;
export type ContactInstance = Instance<typeof ContactModel>;
