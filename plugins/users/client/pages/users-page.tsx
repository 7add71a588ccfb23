import { Button, makeStyles, Switch } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, KeyResetRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ConfirmDialog,
  DataTable,
  PageHeader,
  RowAction,
  SearchToolbar,
  useHttp,
  usePageStyles,
  useSessionUser,
} from '@sensorium/core/client';
import type { UserPage, UserRow } from '../../common';
import { Pager } from '../components/pager';
import { ResetPasswordDialog, UserDialog } from '../components/user-dialog';
import { useListActions } from '../use-list-actions';
import { usePagedList } from '../use-paged-list';
import { useUserOptions } from '../use-user-options';

const useStyles = makeStyles({ actions: { whiteSpace: 'nowrap' } });

type Editing =
  | { mode: 'create' }
  | { mode: 'edit'; user: UserRow }
  | { mode: 'password'; user: UserRow }
  | { mode: 'delete'; user: UserRow }
  | null;

/** Account Management > User Management: search, paged table, create, edit, disable/enable, reset password, delete. */
export default function UsersPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const styles = useStyles();
  const http = useHttp();
  const me = useSessionUser();
  const list = usePagedList<UserPage>('users', { total: 0, users: [] });
  const [editing, setEditing] = useState<Editing>(null);
  const options = useUserOptions(editing ? 1 : 0);
  const { done, attempt } = useListActions(list.reload, () => setEditing(null));
  const path = (user: UserRow, rest = '') => `users/${encodeURIComponent(user.id)}${rest}`;
  const stateLabel = (user: UserRow) => (user.disabled ? t('users.list.disabledState') : t('users.list.enabled'));

  return (
    <section className={layout.page}>
      <PageHeader title={t('users.list.title')}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ mode: 'create' })}>
          {t('users.list.add')}
        </Button>
      </PageHeader>
      <SearchToolbar
        label={t('users.common.search')}
        placeholder={t('users.list.searchPlaceholder')}
        value={list.keyword}
        onChange={(value) => list.search(value)}
      />
      <DataTable
        label={t('users.list.title')}
        rows={list.page.users}
        rowKey={(user) => user.id}
        loading={list.loading}
        empty={t('users.common.noData')}
        columns={[
          { id: 'username', header: t('users.fields.username'), cell: (user) => user.username },
          { id: 'name', header: t('users.fields.fullName'), cell: (user) => user.name },
          { id: 'email', header: t('users.fields.email'), cell: (user) => user.email },
          { id: 'phone', header: t('users.fields.phone'), cell: (user) => user.phone },
          { id: 'group', header: t('users.fields.group'), cell: (user) => user.groupName },
          { id: 'level', header: t('users.fields.level'), cell: (user) => t(`users.levels.${user.level}`) },
          { id: 'customer', header: t('users.fields.customer'), cell: (user) => user.endCustomerName },
          {
            id: 'status',
            header: t('users.fields.status'),
            cell: (user) => (
              <Switch
                checked={!user.disabled}
                disabled={user.id === me?.id}
                label={stateLabel(user)}
                aria-label={`${user.username}: ${stateLabel(user)}`}
                onChange={(_, data) =>
                  void attempt(() => http.put(path(user, '/disabled'), { json: { disabled: !data.checked } }))
                }
              />
            ),
          },
          {
            id: 'actions',
            header: t('users.common.actions'),
            className: styles.actions,
            cell: (user) => (
              <>
                <RowAction
                  icon={<EditRegular />}
                  label={t('users.common.edit')}
                  target={user.username}
                  onClick={() => setEditing({ mode: 'edit', user })}
                />
                <RowAction
                  icon={<KeyResetRegular />}
                  label={t('users.list.resetPassword')}
                  target={user.username}
                  onClick={() => setEditing({ mode: 'password', user })}
                />
                <RowAction
                  icon={<DeleteRegular />}
                  label={t('users.common.delete')}
                  target={user.username}
                  disabled={user.id === me?.id}
                  onClick={() => setEditing({ mode: 'delete', user })}
                />
              </>
            ),
          },
        ]}
      />
      <Pager offset={list.offset} total={list.page.total} onChange={list.setOffset} />
      {editing?.mode === 'create' && (
        <UserDialog
          options={options}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            await http.post('users', { json: values });
            await done(t('users.list.created'));
          }}
        />
      )}
      {editing?.mode === 'edit' && (
        <UserDialog
          user={editing.user}
          options={options}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            await http.patch(path(editing.user), { json: values });
            await done(t('users.list.updated'));
          }}
        />
      )}
      {editing?.mode === 'password' && (
        <ResetPasswordDialog
          user={editing.user}
          onClose={() => setEditing(null)}
          onSave={async (password) => {
            await http.put(path(editing.user, '/password'), { json: { password } });
            await done(t('users.list.passwordReset'));
          }}
        />
      )}
      {editing?.mode === 'delete' && (
        <ConfirmDialog
          title={t('users.common.delete')}
          message={t('users.list.confirmDelete', { username: editing.user.username })}
          confirmLabel={t('users.common.delete')}
          onCancel={() => setEditing(null)}
          onConfirm={() => void attempt(() => http.delete(path(editing.user)), t('users.list.deleted'))}
        />
      )}
    </section>
  );
}
