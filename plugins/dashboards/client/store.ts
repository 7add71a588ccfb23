import { applySnapshot, cast, getEnv, getSnapshot, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type StoreEnv } from '@sensorium/core/client';
import type { NodeValuesPush } from '@sensorium/nodes/common';
import {
  DASHBOARD_GRID_COLUMNS,
  type Dashboard,
  type DashboardDefinition,
  type DashboardItem,
  type DashboardSummary,
  type NewShareLink,
  type ShareLink,
  type SharedDashboard,
  type SharedTheme,
  type WidgetType,
} from '../common';
import {
  DashboardModel,
  LiveItemModel,
  ShareLinkModel,
  SummaryModel,
  type DashboardInstance,
  type WidgetSnapshot,
} from './models';
import { NEW_WIDGET_SIZE, newWidgetId } from './widget-defaults';

/** The dashboard id of the page path that means "the application's main one". */
export const MAIN = 'main';

/** A grid position change from react-grid-layout: the widget id and its new place. */
export interface LayoutChange {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const definitionOf = (dashboard: DashboardInstance): DashboardDefinition => {
  const { name, isMain, themeId, widgets } = getSnapshot(dashboard);
  return { name, isMain, themeId, widgets: widgets.map((widget) => ({ ...widget, bindings: [...widget.bindings] })) };
};

/**
 * The dashboard page of one application (or a share link's view): the application's dashboards, the one shown, the
 * copy being edited (edit mode), the bound items kept live by pushes, and the share links.
 */
export const DashboardsStore = types
  .model('DashboardsStore', {
    appId: '',
    summaries: types.array(SummaryModel),
    dashboard: types.maybeNull(DashboardModel),
    /** The edited copy while in edit mode; Save sends it, Discard drops it. */
    draft: types.maybeNull(DashboardModel),
    items: types.map(LiveItemModel),
    /** Opened through a share link: read-only, until this time (ISO). */
    sharedUntil: types.maybeNull(types.string),
    /** The shared dashboard's theme (signed-in pages read themes from the themes plugin instead). */
    sharedTheme: types.maybeNull(types.frozen<SharedTheme>()),
    shareLinks: types.array(ShareLinkModel),
    loading: types.optional(RequestModel, {}),
    saving: types.optional(RequestModel, {}),
    sharing: types.optional(RequestModel, {}),
    /** A share link's view polling its values. */
    refreshing: types.optional(RequestModel, {}),
  })
  .views((self) => ({
    /** What the grid shows: the edited copy in edit mode. */
    get shown(): DashboardInstance | null {
      return self.draft ?? self.dashboard;
    },
    get editing(): boolean {
      return self.draft !== null;
    },
    get shared(): boolean {
      return self.sharedUntil !== null;
    },
    /** The share link was refused (expired, revoked, forged), when opened or later while polling. */
    get linkRefused(): boolean {
      return self.loading.failure?.status === 401 || self.refreshing.failure?.status === 401;
    },
  }))
  .actions((self) => ({
    setSummaries(list: DashboardSummary[]) {
      self.summaries = cast(list);
    },
    setDashboard(dashboard: Dashboard | null) {
      self.dashboard = dashboard ? cast(dashboard) : null;
      self.draft = null;
    },
    setItems(items: DashboardItem[]) {
      self.items.clear();
      for (const item of items) self.items.put(item);
    },
    setShared(view: SharedDashboard) {
      self.appId = view.dashboard.appId;
      self.sharedUntil = view.expiresAt;
      self.sharedTheme = view.theme;
      self.dashboard = cast(view.dashboard);
    },
    /** Newer state of the bound items, applied to the ones shown (widgets keep their items); gone ones are dropped. */
    mergeItems(items: DashboardItem[]) {
      const fresh = new Set(items.map((item) => item.uuid));
      for (const uuid of [...self.items.keys()]) if (!fresh.has(uuid)) self.items.delete(uuid);
      for (const item of items) {
        const shown = self.items.get(item.uuid);
        if (shown) applySnapshot(shown, item);
        else self.items.put(item);
      }
    },
    setShareLinks(links: ShareLink[]) {
      self.shareLinks = cast(links);
    },
    removeShareLink(id: string) {
      const link = self.shareLinks.find((entry) => entry.id === id);
      if (link) self.shareLinks.remove(link);
    },
    /** Live values of a frame's pushes (coalesced by the page: see frame-batch.ts), in one action. */
    applyValues(pushes: readonly NodeValuesPush[]) {
      for (const push of pushes) {
        if (push.appId !== self.appId) continue;
        for (const live of push.items) self.items.get(live.uuid)?.applyLive(live);
      }
    },
    startEdit() {
      if (self.dashboard && !self.shared) self.draft = cast(getSnapshot(self.dashboard));
    },
    discard() {
      self.draft = null;
    },
    addWidget(type: WidgetType, title: string): string {
      const draft = self.draft!;
      const size = NEW_WIDGET_SIZE[type];
      const bottom = Math.max(0, ...draft.widgets.map((widget) => widget.position.y + widget.position.h));
      const id = newWidgetId(new Set(draft.widgets.map((widget) => widget.id)));
      draft.widgets.push({ id, type, title, position: { x: 0, y: bottom, ...size }, bindings: [], options: {} });
      return id;
    },
    /** Replaces a widget's title, bindings and options with the configure dialog's. */
    configureWidget(id: string, change: Pick<WidgetSnapshot, 'title' | 'bindings' | 'options'>) {
      const widget = self.draft?.widgets.find((entry) => entry.id === id);
      if (!widget) return;
      widget.title = change.title ?? '';
      applySnapshot(widget.bindings, change.bindings ?? []);
      applySnapshot(widget.options, change.options ?? {});
    },
    removeWidget(id: string) {
      const widget = self.draft?.widgets.find((entry) => entry.id === id);
      if (widget) self.draft!.widgets.remove(widget);
    },
    /** Moves and resizes from the grid; positions stay inside its columns. */
    applyLayout(layout: readonly LayoutChange[]) {
      for (const place of layout) {
        const widget = self.draft?.widgets.find((entry) => entry.id === place.i);
        if (!widget) continue;
        const w = Math.min(Math.max(1, place.w), DASHBOARD_GRID_COLUMNS);
        widget.position = cast({
          x: Math.min(Math.max(0, place.x), DASHBOARD_GRID_COLUMNS - w),
          y: Math.max(0, place.y),
          w,
          h: Math.max(1, place.h),
        });
      }
    },
    setDraftTheme(themeId: string | null) {
      if (self.draft) self.draft.themeId = themeId;
    },
  }))
  .actions((self) => {
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    const base = () => `dashboards/${encodeURIComponent(self.appId)}`;

    async function loadItems(): Promise<void> {
      const id = self.dashboard?.id;
      if (!id) return self.setItems([]);
      const items = await http().get(`${base()}/${id}/items`).json<DashboardItem[]>();
      if (self.dashboard?.id === id) self.setItems(items);
    }

    async function loadList(): Promise<void> {
      self.setSummaries(await http().get(`${base()}/list`).json<DashboardSummary[]>());
    }

    /** Shows a dashboard (MAIN: the main one) with its items; the list feeds the switcher. */
    async function open(appId: string, which: string = MAIN): Promise<void> {
      if (appId !== self.appId) {
        self.appId = appId;
        self.setDashboard(null);
        self.setItems([]);
        self.setSummaries([]);
      }
      await track(self.loading, async () => {
        const [dashboard] = await Promise.all([
          which === MAIN
            ? http()
                .get(`${base()}/main`)
                .json<{ dashboard: Dashboard | null }>()
                .then((answer) => answer.dashboard)
            : http()
                .get(`${base()}/${encodeURIComponent(which)}`)
                .json<Dashboard>(),
          loadList(),
        ]);
        if (appId !== self.appId) return;
        self.setDashboard(dashboard);
        await loadItems();
      });
    }

    /** Saves the edited copy; a refusal stays in `saving.failure` (with the field) and edit mode stays on. */
    async function save(): Promise<boolean> {
      const draft = self.draft;
      if (!draft) return true;
      const outcome = await track(self.saving, () =>
        http()
          .put(`${base()}/${draft.id}`, { json: definitionOf(draft) })
          .json<Dashboard>(),
      );
      if (!outcome.ok) return false;
      self.setDashboard(outcome.value);
      await Promise.all([loadItems(), loadList()]);
      return true;
    }

    async function create(name: string): Promise<Dashboard> {
      const created = await http()
        .post(base(), { json: { name, isMain: false, themeId: null, widgets: [] } satisfies DashboardDefinition })
        .json<Dashboard>();
      self.setDashboard(created);
      await Promise.all([loadItems(), loadList()]);
      return created;
    }

    /** Renames or makes main the shown dashboard (outside edit mode). */
    async function change(patch: Partial<Pick<DashboardDefinition, 'name' | 'isMain'>>): Promise<void> {
      const current = self.dashboard;
      if (!current) return;
      const updated = await http()
        .put(`${base()}/${current.id}`, { json: { ...definitionOf(current), ...patch } })
        .json<Dashboard>();
      self.setDashboard(updated);
      await loadList();
    }

    async function remove(): Promise<void> {
      const current = self.dashboard;
      if (!current) return;
      await http().delete(`${base()}/${current.id}`);
      await open(self.appId, MAIN);
    }

    return {
      open,
      loadItems,
      save,
      create,
      rename: (name: string) => change({ name }),
      makeMain: () => change({ isMain: true }),
      remove,
      async loadShareLinks(): Promise<void> {
        const id = self.dashboard?.id;
        if (!id) return;
        const outcome = await track(self.sharing, () => http().get(`${base()}/${id}/share-links`).json<ShareLink[]>());
        if (outcome.ok) self.setShareLinks(outcome.value);
      },
      async createShareLink(validHours: number): Promise<NewShareLink | null> {
        const id = self.dashboard?.id;
        if (!id) return null;
        const outcome = await track(self.sharing, () =>
          http().post(`${base()}/${id}/share-links`, { json: { validHours } }).json<NewShareLink>(),
        );
        if (!outcome.ok) return null;
        self.setShareLinks([outcome.value, ...self.shareLinks.map((link) => getSnapshot(link))]);
        return outcome.value;
      },
      async revokeShareLink(linkId: string): Promise<void> {
        const id = self.dashboard?.id;
        if (!id) return;
        const outcome = await track(self.sharing, () => http().delete(`${base()}/${id}/share-links/${linkId}`));
        if (outcome.ok) self.removeShareLink(linkId);
      },
      /** A share link's view (the page token is the credential): the dashboard, its theme and its items' values. */
      async openShared(): Promise<void> {
        const outcome = await track(self.loading, () => http().get('dashboard-share/view').json<SharedDashboard>());
        if (!outcome.ok) return;
        self.setShared(outcome.value);
        self.setItems(outcome.value.items);
      },
      /** The shared items' latest values (a share link's view polls them: the push socket is for sessions). */
      async refreshShared(): Promise<void> {
        if (!self.shared || self.linkRefused) return;
        const outcome = await track(self.refreshing, () => http().get('dashboard-share/values').json<DashboardItem[]>());
        if (outcome.ok) self.mergeItems(outcome.value);
      },
    };
  });

export type DashboardsStoreInstance = Instance<typeof DashboardsStore>;
