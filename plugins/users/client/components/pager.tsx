import { Pager as PagerBar } from '@sensorium/core/client';
import { USERS_PAGE_SIZE } from '../../common';

/** The console's pager under a users table, paged at 10 rows (shell spec §9). */
export function Pager(props: { offset: number; total: number; onChange(offset: number): void }) {
  return <PagerBar offset={props.offset} pageSize={USERS_PAGE_SIZE} total={props.total} onChange={props.onChange} />;
}
