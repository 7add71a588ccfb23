import { useCallback, useEffect, useState } from 'react';
import { useHttp } from '@sensorium/core/client';
import { USERS_PAGE_SIZE } from '../common';

/** One page of a searchable server list (users, user groups): keyword and offset, reloaded on change. */
export function usePagedList<Page extends { total: number }>(path: string, empty: Page) {
  const http = useHttp();
  const [keyword, setKeyword] = useState('');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<Page>(empty);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const searchParams: Record<string, string | number> = { offset, limit: USERS_PAGE_SIZE };
      if (keyword.trim()) searchParams.keyword = keyword.trim();
      setPage(await http.get(path, { searchParams }).json<Page>());
    } catch {
      // The HTTP client has reported it (403 notification, session expiry); the table keeps what it showed.
    } finally {
      setLoading(false);
    }
  }, [http, path, keyword, offset]);

  useEffect(() => void reload(), [reload]);

  return {
    page,
    loading,
    keyword,
    offset,
    reload,
    search(value: string) {
      setKeyword(value);
      setOffset(0);
    },
    setOffset,
  };
}
