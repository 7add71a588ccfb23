import { reaction } from 'mobx';
import { addDisposer, getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome, type StoreEnv } from '@sensorium/core/client';
import { decodeOutline, type OutlineRow } from '../../common/tree-outline';
import { treeApi } from '../api/tree-api';
import type { NodeValuesPush } from '../../common/tree-push';
import {
  addParentOf,
  ancestorsOf,
  buildTree,
  checkMove,
  moveItem,
  parentsOf,
  searchTree,
  toStructure,
  visibleRows,
  type DropPlacement,
  type MoveResult,
  type TreeModel,
} from '../tree/tree-model';

/** What a saved item changes on its tree row. */
export type RowPatch = Partial<Pick<OutlineRow, 'itemDisplayName' | 'tags' | 'enable' | 'hasGps' | 'hasFloorPlan'>>;

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);

/**
 * The tree of one application (node spec 2.1): loaded from GET /tree-outline (only what the rows show), edited by drag and drop (dirty until saved with
 * PUT /structure), refreshed by the live pushes, searched, collapsed and scrolled.
 */
export const TreeStore = types
  .model('NodeTree', {
    appId: '',
    dirty: false,
    /** The search as applied (the panel debounces typing). */
    query: '',
    loading: types.optional(RequestModel, {}),
    saving: types.optional(RequestModel, {}),
  })
  .volatile(() => ({
    // Up to 10,000 rows: kept as one immutable TreeModel (replaced on every change), not as MST nodes, which would
    // take seconds to create for a tree that size.
    tree: null as TreeModel | null,
    collapsed: new Set<string>() as ReadonlySet<string>,
    /** The visible row to bring into view; a new `seq` scrolls again. */
    scrollRequest: null as { index: number; seq: number } | null,
    /** The tree changed on the server while it was loading: load it again. */
    reloadDue: false,
  }))
  .views((self) => ({
    get parents(): ReadonlyMap<string, string> {
      return self.tree ? parentsOf(self.tree) : new Map<string, string>();
    },
    get rows(): OutlineRow[] {
      return self.tree ? [...self.tree.rows.values()] : [];
    },
    get visible() {
      return self.tree ? visibleRows(self.tree, self.collapsed) : [];
    },
    get hits(): string[] {
      return self.tree ? searchTree(self.tree, self.query) : [];
    },
    /** The application's tags, for the Basic tab's tag choice. */
    get knownTags(): string[] {
      const tags = new Set<string>();
      if (self.tree) for (const row of self.tree.rows.values()) for (const tag of row.tags) tags.add(tag);
      return [...tags];
    },
    /** An unknown application, or one the user may not see: the page goes to not-found. */
    get notFound(): boolean {
      return self.loading.failure?.status === 404;
    },
  }))
  .views((self) => ({
    get byUuid(): ReadonlyMap<string, OutlineRow> {
      const map = new Map<string, OutlineRow>();
      for (const row of self.rows) map.set(row.uuid, row);
      return map;
    },
    get hitSet(): ReadonlySet<string> {
      return new Set(self.hits);
    },
    /** Ancestor names from the root down to the item's parent (the Position path). */
    pathOf(itemName: string): string[] {
      return self.tree ? ancestorsOf(self.tree, itemName, self.parents) : [];
    },
    /** Where Add on the row of this name adds: the node itself, or an item's node (items are leaves). */
    addParentOf(itemName: string): string {
      return self.tree ? addParentOf(self.tree, itemName, self.parents) : itemName;
    },
    checkDrop(dragged: string, target: string, placement: DropPlacement) {
      return self.tree ? checkMove(self.tree, dragged, target, placement, self.parents) : 'same';
    },
  }))
  .actions((self) => ({
    forget() {
      self.tree = null;
      self.collapsed = new Set();
      self.scrollRequest = null;
    },
  }))
  .actions((self) => ({
    afterCreate() {
      // Another application, or the root store's reset when the user changes (a snapshot, which leaves volatile
      // state alone): the rows go too.
      addDisposer(
        self,
        reaction(
          () => self.appId,
          () => self.forget(),
        ),
      );
    },
    markReloadDue(due: boolean) {
      self.reloadDue = due;
    },
    setTree(tree: TreeModel | null) {
      self.tree = tree;
      self.dirty = false;
    },
    reset(appId: string) {
      self.appId = appId;
      self.forget();
      self.dirty = false;
      self.query = '';
      self.loading.clear();
      self.saving.clear();
    },
    /** Expands the ancestors of an item and asks the list to scroll to it. */
    reveal(itemName: string) {
      if (!self.tree) return;
      const ancestors = ancestorsOf(self.tree, itemName, self.parents);
      if (ancestors.some((name) => self.collapsed.has(name))) {
        const next = new Set(self.collapsed);
        for (const name of ancestors) next.delete(name);
        self.collapsed = next;
      }
      const index = self.visible.findIndex((flat) => flat.row.itemName === itemName);
      if (index !== -1) self.scrollRequest = { index, seq: (self.scrollRequest?.seq ?? 0) + 1 };
    },
    toggle(itemName: string) {
      const next = new Set(self.collapsed);
      if (next.has(itemName)) next.delete(itemName);
      else next.add(itemName);
      self.collapsed = next;
    },
    move(dragged: string, target: string, placement: DropPlacement): MoveResult {
      if (!self.tree) return { ok: false, reason: 'same' };
      const result = moveItem(self.tree, dragged, target, placement);
      if (result.ok) {
        self.tree = result.tree;
        self.dirty = true;
        // A drop inside a collapsed node opens it, so the moved item stays in sight.
        if (placement === 'inside' && self.collapsed.has(target)) {
          const next = new Set(self.collapsed);
          next.delete(target);
          self.collapsed = next;
        }
      }
      return result;
    },
    /** Applies a push's severities to the rows it names (the row's dot; the rest of a value shows in the item panel). */
    applyPush(push: NodeValuesPush) {
      const current = self.tree;
      if (!current) return;
      const byId = new Map(push.items.map((item) => [item.uuid, item]));
      let rows: Map<string, OutlineRow> | null = null;
      for (const row of current.rows.values()) {
        const status = byId.get(row.uuid)?.status;
        if (!status) continue;
        const severity = status.severity ?? row.severity;
        const eventSeverity = status.eventSeverity ?? row.eventSeverity;
        if (severity === row.severity && eventSeverity === row.eventSeverity) continue;
        rows ??= new Map(current.rows);
        rows.set(row.itemName, { ...row, severity, eventSeverity });
      }
      if (rows) self.tree = { ...current, rows };
    },
    /** Applies an item saved in the panel (display name, tags, enable, map icons) to its row, without a reload. */
    updateRow(itemName: string, patch: RowPatch) {
      const current = self.tree;
      const row = current?.rows.get(itemName);
      if (!current || !row) return;
      const next = { ...row, ...patch };
      if (
        next.itemDisplayName === row.itemDisplayName &&
        next.enable === row.enable &&
        next.hasGps === row.hasGps &&
        next.hasFloorPlan === row.hasFloorPlan &&
        sameTags(next.tags, row.tags)
      )
        return;
      const rows = new Map(current.rows);
      rows.set(itemName, next);
      self.tree = { ...current, rows };
    },
  }))
  .actions((self) => {
    const api = () => treeApi(getEnv<Pick<StoreEnv, 'http'>>(self).http, self.appId);
    /** Loads the tree; with `keepEdits`, an unsaved drag made while it loaded stays instead. */
    const fetchTree = async (keepEdits: boolean): Promise<Outcome<unknown>> => {
      const appId = self.appId;
      const outcome = await track(self.loading, () => api().outline());
      if (outcome.ok && appId === self.appId && !(keepEdits && self.dirty)) {
        performance.mark('nodes:tree-loaded');
        self.setTree(buildTree(decodeOutline(outcome.value)));
      }
      return outcome;
    };
    return {
      /** Loads (or reloads) the tree; a failure stays in `loading.failure`. */
      load: () => fetchTree(false),
      /** Applies a search and scrolls to its first match. */
      search(query: string) {
        self.query = query;
        const first = self.hits[0];
        if (first) self.reveal(first);
      },
      /**
       * The tree changed on the server (a `node-tree` push): reloaded, once more when it changes again while loading.
       * An unsaved drag of the user's own stays: saving it reloads the tree anyway.
       */
      async changedElsewhere(): Promise<void> {
        if (self.dirty) return;
        if (self.loading.pending) {
          self.markReloadDue(true);
          return;
        }
        do {
          self.markReloadDue(false);
          await fetchTree(true);
        } while (self.reloadDue && !self.dirty);
      },
      /** Stores the edited structure; the tree is reloaded afterwards. */
      async saveStructure(): Promise<Outcome<unknown>> {
        const tree = self.tree;
        if (!tree) return { ok: true, value: undefined };
        return track(self.saving, () => api().saveStructure(toStructure(tree)));
      },
    };
  });

export type TreeStoreInstance = Instance<typeof TreeStore>;
