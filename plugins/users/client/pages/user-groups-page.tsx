import { Button, makeStyles } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, PersonAddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, DataTable, PageHeader, RowAction, SearchToolbar, useHttp, usePageStyles } from '@sensorium/core/client';
import type { UserGroupPage, UserGroupRow } from '../../common';
import { AddMemberDialog, GroupDialog, usePermissionName } from '../components/group-dialog';
import { Pager } from '../components/pager';
import { useListActions } from '../use-list-actions';
import { usePagedList } from '../use-paged-list';

const useStyles = makeStyles({ actions: { whiteSpace: 'nowrap' } });

type Editing =
  | { mode: 'create' }
  | { mode: 'edit'; group: UserGroupRow }
  | { mode: 'member'; group: UserGroupRow }
  | { mode: 'delete'; group: UserGroupRow }
  | null;

/** Account Management > User Group: groups with their permission sets, members count, search and paging. */
export default function UserGroupsPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const styles = useStyles();
  const http = useHttp();
  const permissionName = usePermissionName();
  const list = usePagedList<UserGroupPage>('user-groups', { total: 0, groups: [] });
  const [editing, setEditing] = useState<Editing>(null);
  const { done, attempt } = useListActions(list.reload, () => setEditing(null));
  const path = (group: UserGroupRow, rest = '') => `user-groups/${encodeURIComponent(group.id)}${rest}`;

  return (
    <section className={layout.page}>
      <PageHeader title={t('users.groups.title')}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ mode: 'create' })}>
          {t('users.groups.add')}
        </Button>
      </PageHeader>
      <SearchToolbar
        label={t('users.common.search')}
        placeholder={t('users.groups.searchPlaceholder')}
        value={list.keyword}
        onChange={(value) => list.search(value)}
      />
      <DataTable
        label={t('users.groups.title')}
        rows={list.page.groups}
        rowKey={(group) => group.id}
        loading={list.loading}
        empty={t('users.common.noData')}
        columns={[
          { id: 'name', header: t('users.fields.groupName'), cell: (group) => group.name },
          {
            id: 'permissions',
            header: t('users.fields.permissions'),
            cell: (group) => group.permissions.map(permissionName).join(', ') || t('users.common.none'),
          },
          { id: 'members', header: t('users.fields.members'), cell: (group) => group.memberCount },
          {
            id: 'actions',
            header: t('users.common.actions'),
            className: styles.actions,
            cell: (group) => (
              <>
                <RowAction
                  icon={<EditRegular />}
                  label={t('users.common.edit')}
                  target={group.name}
                  onClick={() => setEditing({ mode: 'edit', group })}
                />
                <RowAction
                  icon={<PersonAddRegular />}
                  label={t('users.groups.addMember')}
                  target={group.name}
                  onClick={() => setEditing({ mode: 'member', group })}
                />
                <RowAction
                  icon={<DeleteRegular />}
                  label={t('users.common.delete')}
                  target={group.name}
                  onClick={() => setEditing({ mode: 'delete', group })}
                />
              </>
            ),
          },
        ]}
      />
      <Pager offset={list.offset} total={list.page.total} onChange={list.setOffset} />
      {editing?.mode === 'create' && (
        <GroupDialog
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            await http.post('user-groups', { json: values });
            await done(t('users.groups.created'));
          }}
        />
      )}
      {editing?.mode === 'edit' && (
        <GroupDialog
          group={editing.group}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            await http.patch(path(editing.group), { json: values });
            await done(t('users.groups.updated'));
          }}
        />
      )}
      {editing?.mode === 'member' && (
        <AddMemberDialog
          group={editing.group}
          onClose={() => setEditing(null)}
          onSave={async (userId) => {
            await http.post(path(editing.group, '/members'), { json: { userId } });
            await done(t('users.groups.memberAdded'));
          }}
        />
      )}
      {editing?.mode === 'delete' && (
        <ConfirmDialog
          title={t('users.common.delete')}
          message={t('users.groups.confirmDelete', { name: editing.group.name })}
          confirmLabel={t('users.common.delete')}
          onCancel={() => setEditing(null)}
          onConfirm={() => void attempt(() => http.delete(path(editing.group)), t('users.groups.deleted'))}
        />
      )}
    </section>
  );
}
