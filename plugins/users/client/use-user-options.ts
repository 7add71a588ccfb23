import { useEffect, useState } from 'react';
import { useHttp } from '@sensorium/core/client';
import type { UserGroupPage } from '../common';
import type { UserOptions } from './components/user-dialog';

/** The groups and end customers a user form offers: the caller's own (the server refuses others). */
export function useUserOptions(version: number): UserOptions {
  const http = useHttp();
  const [options, setOptions] = useState<UserOptions>({ groups: [], customers: [] });
  useEffect(() => {
    void Promise.all([
      http.get('user-groups', { searchParams: { limit: 100 } }).json<UserGroupPage>(),
      http.get('customer/end-customer-list/').json<{ id: string; name: string }[]>(),
    ])
      .then(([groups, customers]) => setOptions({ groups: groups.groups, customers }))
      .catch(() => undefined);
  }, [http, version]);
  return options;
}
