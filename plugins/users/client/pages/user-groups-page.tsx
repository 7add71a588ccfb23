import { Button, makeStyles } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, PersonAddRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { getSnapshot } from 'mobx-state-tree';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, PageHeader, RowAction, SearchToolbar, usePageStyles } from '@sensorium/core/client';
import { AddMemberDialog, GroupDialog, usePermissionName } from '../components/group-dialog';
import { Pager } from '../components/pager';
import { StoreTable } from '../components/store-table';
import { useUsersStore } from '../stores';
import type { Group, GroupInstance } from '../stores/models';
import { namesField, shownByDialog, useOutcome } from '../use-outcome';

const useStyles = makeStyles({ actions: { whiteSpace: 'nowrap' } });

type Editing =
  | { mode: 'create' }
  | { mode: 'edit'; group: Group }
  | { mode: 'member'; group: Group }
  | { mode: 'delete'; group: Group }
  | null;

/** Account Management > User Group: groups with their permission sets, members count, search and paging. */
const UserGroupsPage = observer(function UserGroupsPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const styles = useStyles();
  const permissionName = usePermissionName();
  const list = useUsersStore().groups;
  // Which dialog is open; it holds a copy of the row, so a reload cannot pull it away.
  const [editing, setEditing] = useState<Editing>(null);
  const { settle } = useOutcome();
  const close = () => setEditing(null);
  const open = (next: Editing) => {
    list.clearFailure();
    setEditing(next);
  };

  useEffect(() => void list.open(), [list]);

  return (
    <section className={layout.page}>
      <PageHeader title={t('users.groups.title')}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => open({ mode: 'create' })}>
          {t('users.groups.add')}
        </Button>
      </PageHeader>
      <SearchToolbar
        label={t('users.common.search')}
        placeholder={t('users.groups.searchPlaceholder')}
        value={list.keyword}
        onChange={(value) => void list.search(value)}
      />
      <StoreTable<GroupInstance>
        label={t('users.groups.title')}
        rows={list.rows}
        rowKey={(group) => group.id}
        loading={list.loading.pending}
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
                  onClick={() => open({ mode: 'edit', group: getSnapshot(group) })}
                />
                <RowAction
                  icon={<PersonAddRegular />}
                  label={t('users.groups.addMember')}
                  target={group.name}
                  onClick={() => open({ mode: 'member', group: getSnapshot(group) })}
                />
                <RowAction
                  icon={<DeleteRegular />}
                  label={t('users.common.delete')}
                  target={group.name}
                  onClick={() => open({ mode: 'delete', group: getSnapshot(group) })}
                />
              </>
            ),
          },
        ]}
      />
      <Pager offset={list.offset} total={list.total} onChange={(offset) => void list.goTo(offset)} />
      {editing?.mode === 'create' && (
        <GroupDialog
          onClose={close}
          onSave={async (values) =>
            settle(await list.create(values), { close, message: t('users.groups.created'), failureShown: namesField('name') })
          }
        />
      )}
      {editing?.mode === 'edit' && (
        <GroupDialog
          group={editing.group}
          onClose={close}
          onSave={async (values) =>
            settle(await list.update(editing.group.id, values), {
              close,
              message: t('users.groups.updated'),
              failureShown: namesField('name'),
            })
          }
        />
      )}
      {editing?.mode === 'member' && (
        <AddMemberDialog
          group={editing.group}
          onClose={close}
          onSave={async (userId) =>
            settle(await list.addMember(editing.group.id, userId), {
              close,
              message: t('users.groups.memberAdded'),
              failureShown: shownByDialog,
            })
          }
        />
      )}
      {editing?.mode === 'delete' && (
        <ConfirmDialog
          title={t('users.common.delete')}
          message={t('users.groups.confirmDelete', { name: editing.group.name })}
          confirmLabel={t('users.common.delete')}
          onCancel={close}
          onConfirm={() =>
            void list.remove(editing.group.id).then((outcome) => settle(outcome, { close, message: t('users.groups.deleted') }))
          }
        />
      )}
    </section>
  );
});

export default UserGroupsPage;
