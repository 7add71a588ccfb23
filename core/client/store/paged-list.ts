import { cast, getEnv, types, type IAnyModelType, type Instance, type SnapshotIn } from 'mobx-state-tree';
import type { HttpClient } from '../http';
import type { StoreEnv } from './env';
import { RequestModel, track } from './request';

/** The slice of a list a paged store asks the server for. */
export interface PageQuery {
  offset: number;
  limit: number;
}

/** One page of a list as the server answered it: its rows, and how many there are in all. */
export interface PagedRows<Row> {
  total: number;
  rows: Row[];
}

export interface PagedListOptions<Row extends IAnyModelType> {
  /** The store's MST type name. */
  name: string;
  row: Row;
  pageSize: number;
  /** Asks the server for one page, newest first. */
  fetch(http: HttpClient, query: PageQuery): Promise<PagedRows<SnapshotIn<Row>>>;
}

/**
 * A read-only list shown a page at a time, newest first, with the one row being read (a Diagnosis page: the mailbox,
 * dead letters). Rows need a string `id`. A failed load keeps the rows shown and leaves `loading.failed` for the page's
 * notice; an answer to an older load never replaces a newer one.
 */
export function pagedListModel<Row extends IAnyModelType>(options: PagedListOptions<Row>) {
  return types
    .model(options.name, {
      offset: 0,
      total: 0,
      rows: types.array(options.row),
      selectedId: types.maybeNull(types.string),
      loading: types.optional(RequestModel, {}),
    })
    .volatile(() => ({ latestLoad: 0 }))
    .views((self) => ({
      /** The row being read, while it is on the page shown. */
      get selected(): Instance<Row> | null {
        return self.rows.find((row: { id: string }) => row.id === self.selectedId) ?? null;
      },
    }))
    .actions((self) => ({
      setOffset(offset: number) {
        self.offset = offset;
      },
      setPage(page: PagedRows<SnapshotIn<Row>>) {
        self.total = page.total;
        self.rows = cast(page.rows);
      },
      select(id: string | null) {
        self.selectedId = id;
      },
      nextLoad(): number {
        return ++self.latestLoad;
      },
    }))
    .actions((self) => {
      async function load(): Promise<void> {
        const ticket = self.nextLoad();
        const http = getEnv<Pick<StoreEnv, 'http'>>(self).http;
        const query = { offset: self.offset, limit: options.pageSize };
        const outcome = await track(self.loading, () => options.fetch(http, query));
        if (outcome.ok && ticket === self.latestLoad) self.setPage(outcome.value);
      }
      return {
        load,
        /** The page as a visit starts it: the newest rows. */
        open(): Promise<void> {
          self.setOffset(0);
          return load();
        },
        goTo(offset: number): Promise<void> {
          self.setOffset(offset);
          return load();
        },
      };
    });
}

/** What a paged-list page reads of its store, whatever its rows are. */
export interface PagedListStore<Row extends { id: string }> {
  readonly offset: number;
  readonly total: number;
  readonly rows: readonly Row[];
  readonly selectedId: string | null;
  readonly selected: Row | null;
  readonly loading: { readonly failed: boolean };
  load(): Promise<void>;
  open(): Promise<void>;
  goTo(offset: number): Promise<void>;
  select(id: string | null): void;
}
