import { cast, types, type Instance, type SnapshotIn } from 'mobx-state-tree';
import { RequestModel, track, type Outcome, type RequestState } from '@sensorium/core/client';
import { summariseEvents, type ApplicationDetail, type EndCustomer, type NewApplicationInput } from '../common';
import { applicationsApi, type ApplicationChange } from './api';
import {
  ApplicationDetailModel,
  ApplicationSummaryModel,
  EndCustomerModel,
  EventSummaryRowModel,
  type ApplicationSummaryInstance,
} from './models';

/**
 * Customer Management > End Customer: the caller's end customers and the changes made there. Every change reloads the
 * list once it succeeded.
 */
export const EndCustomersStore = types
  .model('EndCustomersStore', {
    list: types.array(EndCustomerModel),
    loading: types.optional(RequestModel, {}),
    saving: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setList(list: EndCustomer[]) {
      self.list = cast(list);
    },
  }))
  .actions((self) => {
    async function load(): Promise<void> {
      const outcome = await track(self.loading, () => applicationsApi(self).endCustomers());
      if (outcome.ok) self.setList(outcome.value);
    }
    async function change(call: () => Promise<unknown>): Promise<Outcome<void>> {
      const outcome = await track(self.saving, async () => void (await call()));
      if (outcome.ok) await load();
      return outcome;
    }
    return {
      load,
      create: (name: string) => change(() => applicationsApi(self).createEndCustomer(name)),
      rename: (id: string, name: string) => change(() => applicationsApi(self).renameEndCustomer(id, name)),
      remove: (id: string) => change(() => applicationsApi(self).deleteEndCustomer(id)),
    };
  });

/** What a change answers when no application is open (a page calls it only once one is). */
const NOTHING_OPEN = { ok: false, failure: { status: null, message: null, fields: {} } } as const;

/**
 * The application the Application Setting page shows (shell spec §2.8): loaded once per application id, changed by
 * the Overview tab (form, logo), deleted from the danger zone.
 */
export const ApplicationDetailStore = types
  .model('ApplicationDetailStore', {
    appId: types.maybeNull(types.string),
    app: types.maybeNull(ApplicationDetailModel),
    loading: types.optional(RequestModel, {}),
    /** The Overview form's save. */
    saving: types.optional(RequestModel, {}),
    /** Uploading or removing the logo. */
    logo: types.optional(RequestModel, {}),
    deleting: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setApp(app: ApplicationDetail | null) {
      self.app = app ? ApplicationDetailModel.create(app) : null;
    },
    select(appId: string) {
      self.appId = appId;
      self.app = null;
    },
  }))
  .actions((self) => {
    const api = () => applicationsApi(self);
    /** Runs a change of the shown application under `request`; its answer (the application as saved) is shown. */
    async function change(
      request: RequestState,
      call: (appId: string) => Promise<ApplicationDetail>,
    ): Promise<Outcome<ApplicationDetail>> {
      const appId = self.appId;
      if (appId === null) return NOTHING_OPEN;
      const outcome = await track(request, () => call(appId));
      if (outcome.ok && self.appId === appId) self.setApp(outcome.value);
      return outcome;
    }
    async function load(): Promise<void> {
      const appId = self.appId;
      if (appId === null) return;
      // An unknown or invisible application answers 404, and the HTTP client opens the not-found page.
      const outcome = await track(self.loading, () => api().detail(appId));
      if (outcome.ok && self.appId === appId) self.setApp(outcome.value);
    }
    return {
      load,
      /** Shows an application and loads it afresh; the one shown already stays on screen meanwhile. */
      open(appId: string): Promise<void> {
        if (self.appId !== appId) self.select(appId);
        return load();
      },
      save: (body: ApplicationChange) => change(self.saving, (appId) => api().change(appId, body)),
      uploadLogo: (file: Blob) => change(self.logo, (appId) => api().uploadLogo(appId, file)),
      deleteLogo: () => change(self.logo, (appId) => api().deleteLogo(appId)),
      async remove(): Promise<Outcome<void>> {
        const appId = self.appId;
        if (appId === null) return NOTHING_OPEN;
        const outcome = await track(self.deleting, () => api().remove(appId));
        if (outcome.ok && self.appId === appId) self.setApp(null);
        return outcome;
      },
    };
  });

/** The Create Application modal's server side: whether the typed id is free, and the creation. */
export const ApplicationCreationStore = types
  .model('ApplicationCreationStore', {
    /** The last id the server checked, and whether it is taken. */
    checked: types.maybeNull(types.model('CheckedId', { id: types.string, existing: types.boolean })),
    creating: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setChecked(id: string, existing: boolean) {
      self.checked = cast({ id, existing });
    },
    reset() {
      self.checked = null;
      self.creating.clear();
    },
  }))
  .actions((self) => ({
    /** A failed check leaves the id unchecked (the HTTP client has logged it), so Create stays disabled. */
    async check(id: string): Promise<void> {
      try {
        const { existing } = await applicationsApi(self).checkId(id);
        self.setChecked(id, existing);
      } catch {
        // Nothing more to do: the form waits for a check that succeeds.
      }
    },
    create: (input: NewApplicationInput) => track(self.creating, () => applicationsApi(self).create(input)),
  }))
  .views((self) => ({
    /** Whether the server said `id` is free (undefined: not checked yet). */
    isFree(id: string): boolean | undefined {
      return self.checked?.id === id ? !self.checked.existing : undefined;
    },
  }));

/**
 * The caller's applications (shared by the list page and the header switcher), the alarm bell's event summary, and the
 * stores of the pages that act on applications and end customers.
 */
export const ApplicationsStore = types
  .model('ApplicationsStore', {
    state: types.optional(types.enumeration(['idle', 'loading', 'ready', 'failed']), 'idle'),
    appList: types.array(ApplicationSummaryModel),
    endCustomerWithoutApps: types.array(EndCustomerModel),
    summary: types.array(EventSummaryRowModel),
    /** A failed summary still shows the applications, without their events (spec §8). */
    summaryFailed: false,
    /** Adding an end customer from the list page. */
    addingCustomer: types.optional(RequestModel, {}),
    detail: types.optional(ApplicationDetailStore, {}),
    creation: types.optional(ApplicationCreationStore, {}),
    customers: types.optional(EndCustomersStore, {}),
  })
  .views((self) => ({
    eventsOf(appId: string): { count: number; severity: number } {
      return summariseEvents(self.summary, appId);
    },
    find(appId: string | null): ApplicationSummaryInstance | undefined {
      return appId === null ? undefined : self.appList.find((app) => app.id === appId);
    },
  }))
  .actions((self) => ({
    setState(state: 'loading' | 'ready' | 'failed') {
      self.state = state;
    },
    setList(appList: SnapshotIn<typeof ApplicationSummaryModel>[], endCustomerWithoutApps: EndCustomer[]) {
      self.appList = cast(appList);
      self.endCustomerWithoutApps = cast(endCustomerWithoutApps);
    },
    setSummary(rows: SnapshotIn<typeof EventSummaryRowModel>[] | null) {
      if (rows) self.summary = cast(rows);
      self.summaryFailed = rows === null;
    },
  }))
  .actions((self) => {
    const api = () => applicationsApi(self);
    async function loadSummary(): Promise<void> {
      try {
        self.setSummary(await api().eventSummary());
      } catch {
        self.setSummary(null);
      }
    }
    async function load(): Promise<void> {
      self.setState('loading');
      try {
        const response = await api().list();
        self.setList(response.appList, response.endCustomerWithoutApps);
        self.setState('ready');
      } catch {
        // The HTTP client has already logged it; the list page shows the failure with Retry.
        self.setState('failed');
        return;
      }
      await loadSummary();
    }
    /**
     * The cards' event lists again (an application's events changed): the list is read afresh without showing it
     * loading; a failure keeps the list shown (the HTTP client has reported it). The alarm bell reloads the summary.
     */
    async function refreshEvents(): Promise<void> {
      if (self.state !== 'ready') return;
      try {
        const response = await api().list();
        self.setList(response.appList, response.endCustomerWithoutApps);
      } catch {
        // Nothing more to do: the next change or visit reads them again.
      }
    }
    return {
      load,
      loadSummary,
      refreshEvents,
      /** Loads once per session; later callers reuse the list. */
      ensureLoaded() {
        if (self.state === 'idle') void load();
      },
      async addEndCustomer(name: string): Promise<Outcome<EndCustomer>> {
        const outcome = await track(self.addingCustomer, () => api().createEndCustomer(name));
        if (outcome.ok) await load();
        return outcome;
      },
      async createApplication(input: NewApplicationInput): Promise<Outcome<{ id: string }>> {
        const outcome = await self.creation.create(input);
        if (outcome.ok) void load();
        return outcome;
      },
      /** Saves the Overview form; the list shows the new name and date. */
      async saveApplication(change: ApplicationChange): Promise<Outcome<ApplicationDetail>> {
        const outcome = await self.detail.save(change);
        if (outcome.ok) void load();
        return outcome;
      },
      async deleteApplication(): Promise<Outcome<void>> {
        const outcome = await self.detail.remove();
        if (outcome.ok) void load();
        return outcome;
      },
    };
  });

export type ApplicationsStoreInstance = Instance<typeof ApplicationsStore>;
