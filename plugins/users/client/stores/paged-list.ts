import { types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome } from '@sensorium/core/client';
import { USERS_PAGE_SIZE } from '../../common';
import type { PageQuery, UsersApi } from '../api';
import { usersApi } from './models';

/**
 * What a searchable server list paged at 10 rows (Users, User Groups) has besides its rows: keyword, offset, total,
 * and the state of its load and of the changes made from it.
 */
export const PagedListBase = types
  .model('PagedList', {
    keyword: '',
    offset: 0,
    total: 0,
    loading: types.optional(RequestModel, {}),
    saving: types.optional(RequestModel, {}),
  })
  .volatile(() => ({ latestLoad: 0 }))
  .actions((self) => ({
    setQuery(keyword: string, offset: number) {
      self.keyword = keyword;
      self.offset = offset;
    },
    setTotal(total: number) {
      self.total = total;
    },
    nextLoad(): number {
      return ++self.latestLoad;
    },
    clearFailure() {
      self.saving.clear();
    },
  }));

/**
 * The actions of a paged list: `fetchPage` asks for a page, `show` puts it in the store. Every change reloads the page
 * once it succeeded.
 */
export function pagedListActions<Page extends { total: number }>(
  self: Instance<typeof PagedListBase>,
  fetchPage: (api: UsersApi, query: PageQuery) => Promise<Page>,
  show: (page: Page) => void,
) {
  /** A failed load keeps the rows shown (the HTTP client has reported it); an answer overtaken by a newer load is dropped. */
  async function load(): Promise<void> {
    const ticket = self.nextLoad();
    const query = { keyword: self.keyword, offset: self.offset, limit: USERS_PAGE_SIZE };
    const outcome = await track(self.loading, () => fetchPage(usersApi(self), query));
    if (outcome.ok && ticket === self.latestLoad) {
      self.setTotal(outcome.value.total);
      show(outcome.value);
    }
  }
  return {
    load,
    /** The page as a visit starts it: no keyword, first page. */
    open(): Promise<void> {
      self.setQuery('', 0);
      return load();
    },
    search(keyword: string): Promise<void> {
      self.setQuery(keyword, 0);
      return load();
    },
    goTo(offset: number): Promise<void> {
      self.setQuery(self.keyword, offset);
      return load();
    },
    /** Runs a change under `saving`; after a success the page is reloaded. */
    async change(call: (api: UsersApi) => Promise<void>): Promise<Outcome<void>> {
      const outcome = await track(self.saving, () => call(usersApi(self)));
      if (outcome.ok) await load();
      return outcome;
    },
  };
}
