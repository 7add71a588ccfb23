import { useTranslation } from 'react-i18next';
import { Pager as PagerBar } from '@sensorium/core/client';
import { USERS_PAGE_SIZE } from '../../common';

/** Previous / next under a table paged at 10 rows (shell spec §9). */
export function Pager(props: { offset: number; total: number; onChange(offset: number): void }) {
  const { t } = useTranslation();
  return (
    <PagerBar
      offset={props.offset}
      pageSize={USERS_PAGE_SIZE}
      total={props.total}
      summary={({ page, pages, total }) => t('users.common.pageOf', { page, pages, total })}
      previousLabel={t('users.common.previous')}
      nextLabel={t('users.common.next')}
      onChange={props.onChange}
    />
  );
}
