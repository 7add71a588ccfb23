import { Button, makeStyles, Switch } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, KeyResetRegular, ShieldDismissRegular } from '@fluentui/react-icons';
import { getSnapshot } from 'mobx-state-tree';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, PageHeader, RowAction, SearchToolbar, usePageStyles, useSessionUser } from '@sensorium/core/client';
import { Pager } from '../components/pager';
import { ResetPasswordDialog, UserDialog } from '../components/user-dialog';
import { StoreTable } from '../components/store-table';
import { useUsersStore } from '../stores';
import type { User, UserInstance } from '../stores/models';
import { hasFieldErrors, namesField, useOutcome } from '../use-outcome';

const useStyles = makeStyles({ actions: { whiteSpace: 'nowrap' } });

type Editing =
  | { mode: 'create' }
  | { mode: 'edit'; user: User }
  | { mode: 'password'; user: User }
  | { mode: 'second-factor'; user: User }
  | { mode: 'delete'; user: User }
  | null;

/**
 * Account Management > User Management: search, paged table, create, edit, disable/enable, reset password, see and
 * reset the second factor, delete.
 */
const UsersPage = observer(function UsersPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const styles = useStyles();
  const me = useSessionUser();
  const store = useUsersStore();
  const list = store.users;
  // Which dialog is open; it holds a copy of the row, so a reload cannot pull it away.
  const [editing, setEditing] = useState<Editing>(null);
  const { settle } = useOutcome();
  const close = () => setEditing(null);
  const open = (next: Editing) => {
    list.clearFailure();
    setEditing(next);
  };
  const stateLabel = (user: { disabled: boolean }) => (user.disabled ? t('users.list.disabledState') : t('users.list.enabled'));

  useEffect(() => void list.open(), [list]);
  // The form's groups and end customers, fetched again whenever a dialog opens.
  const dialogOpen = editing !== null;
  useEffect(() => void store.choices.loadUserOptions(), [store, dialogOpen]);

  return (
    <section className={layout.page}>
      <PageHeader title={t('users.list.title')}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => open({ mode: 'create' })}>
          {t('users.list.add')}
        </Button>
      </PageHeader>
      <SearchToolbar
        label={t('users.common.search')}
        placeholder={t('users.list.searchPlaceholder')}
        value={list.keyword}
        onChange={(value) => void list.search(value)}
      />
      <StoreTable<UserInstance>
        label={t('users.list.title')}
        rows={list.rows}
        rowKey={(user) => user.id}
        loading={list.loading.pending}
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
            id: 'secondFactor',
            header: t('users.fields.secondFactor'),
            cell: (user) => (user.otpEnabled ? t('users.list.otpOn') : t('users.list.otpOff')),
          },
          {
            id: 'status',
            header: t('users.fields.status'),
            cell: (user) => (
              <Switch
                checked={!user.disabled}
                disabled={user.id === me?.id}
                label={stateLabel(user)}
                aria-label={`${user.username}: ${stateLabel(user)}`}
                onChange={(_, data) => void list.setDisabled(user.id, !data.checked).then((outcome) => settle(outcome))}
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
                  onClick={() => open({ mode: 'edit', user: getSnapshot(user) })}
                />
                <RowAction
                  icon={<KeyResetRegular />}
                  label={t('users.list.resetPassword')}
                  target={user.username}
                  onClick={() => open({ mode: 'password', user: getSnapshot(user) })}
                />
                {/* A user who lost its e-mail box is let in again; administrators turn their own off in My Account. */}
                <RowAction
                  icon={<ShieldDismissRegular />}
                  label={t('users.list.resetSecondFactor')}
                  target={user.username}
                  disabled={!user.otpEnabled || user.id === me?.id}
                  onClick={() => open({ mode: 'second-factor', user: getSnapshot(user) })}
                />
                <RowAction
                  icon={<DeleteRegular />}
                  label={t('users.common.delete')}
                  target={user.username}
                  disabled={user.id === me?.id}
                  onClick={() => open({ mode: 'delete', user: getSnapshot(user) })}
                />
              </>
            ),
          },
        ]}
      />
      <Pager offset={list.offset} total={list.total} onChange={(offset) => void list.goTo(offset)} />
      {editing?.mode === 'create' && (
        <UserDialog
          options={store.choices}
          request={list.saving}
          onClose={close}
          onSave={async (values) =>
            settle(await list.create(values), { close, message: t('users.list.created'), failureShown: hasFieldErrors })
          }
        />
      )}
      {editing?.mode === 'edit' && (
        <UserDialog
          user={editing.user}
          options={store.choices}
          request={list.saving}
          onClose={close}
          onSave={async (values) =>
            settle(await list.update(editing.user.id, values), {
              close,
              message: t('users.list.updated'),
              failureShown: hasFieldErrors,
            })
          }
        />
      )}
      {editing?.mode === 'password' && (
        <ResetPasswordDialog
          user={editing.user}
          request={list.saving}
          onClose={close}
          onSave={async (password) =>
            settle(await list.setPassword(editing.user.id, password), {
              close,
              message: t('users.list.passwordReset'),
              failureShown: namesField('password'),
            })
          }
        />
      )}
      {editing?.mode === 'second-factor' && (
        <ConfirmDialog
          title={t('users.list.resetSecondFactor')}
          message={t('users.list.confirmResetSecondFactor', { username: editing.user.username })}
          confirmLabel={t('users.list.resetSecondFactor')}
          onCancel={close}
          onConfirm={() =>
            void list
              .resetSecondFactor(editing.user.id)
              .then((outcome) => settle(outcome, { close, message: t('users.list.secondFactorReset') }))
          }
        />
      )}
      {editing?.mode === 'delete' && (
        <ConfirmDialog
          title={t('users.common.delete')}
          message={t('users.list.confirmDelete', { username: editing.user.username })}
          confirmLabel={t('users.common.delete')}
          onCancel={close}
          onConfirm={() =>
            void list.remove(editing.user.id).then((outcome) => settle(outcome, { close, message: t('users.list.deleted') }))
          }
        />
      )}
    </section>
  );
});

export default UsersPage;
