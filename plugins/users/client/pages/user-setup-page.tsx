import { Badge, Button, Field, Input, makeStyles, Spinner, Text, Title3, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, TagRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ConfirmDialog, DataTable, PageHeader, useHttp, useNotify, usePageStyles } from '@sensorium/core/client';
import {
  USERS_PAGE_SIZE,
  type ApplicationGroupRow,
  type ApplicationUserRow,
  type ApplicationUsers,
  type UserGroupPage,
  type UserPage,
} from '../../common';
import { ChooseDialog, useDialogSave, userChoiceLabel } from '../components/choose-dialog';
import { Pager } from '../components/pager';
import { splitTags } from '../form';

const useStyles = makeStyles({
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

type Editing =
  | { mode: 'add-user' }
  | { mode: 'add-group' }
  | { mode: 'tags'; user: ApplicationUserRow }
  | { mode: 'remove-user'; user: ApplicationUserRow }
  | { mode: 'remove-group'; group: ApplicationGroupRow }
  | null;

/** Which devices a user of the application may see, by tag. */
function TagsDialog(props: { user: ApplicationUserRow; onSave(tags: string[]): Promise<void>; onClose(): void }) {
  const { t } = useTranslation();
  const [tags, setTags] = useState(props.user.deviceTags.join(', '));
  const { error, saving, run } = useDialogSave();
  return (
    <ConfirmDialog
      title={t('users.setup.editTagsTitle', { username: props.user.username })}
      confirmLabel={t('users.common.save')}
      busy={saving}
      onConfirm={() => void run(() => props.onSave(splitTags(tags)))}
      onCancel={props.onClose}
    >
      <Field label={t('users.fields.deviceTags')} hint={t('users.setup.tagsHelp')} validationMessage={error}>
        <Input required={false} value={tags} onChange={(_, data) => setTags(data.value)} autoFocus />
      </Field>
    </ConfirmDialog>
  );
}

/** A "Remove" button in a row, named after the row for screen readers. */
function RemoveButton(props: { target: string; onClick(): void }) {
  const { t } = useTranslation();
  return (
    <Button
      appearance="subtle"
      icon={<DeleteRegular />}
      onClick={props.onClick}
      aria-label={`${t('users.setup.remove')} ${props.target}`}
    >
      {t('users.setup.remove')}
    </Button>
  );
}

/** User Setup (app/{app_id}/application-user): the users and groups that may use the application, and device tags. */
export default function UserSetupPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const styles = useStyles();
  const http = useHttp();
  const notify = useNotify();
  const appId = useParams().app_id ?? '';
  const base = `application-users/${encodeURIComponent(appId)}`;
  const [appName, setAppName] = useState<string | null>(null);
  const [data, setData] = useState<ApplicationUsers | null>(null);
  const [userOffset, setUserOffset] = useState(0);
  const [groupOffset, setGroupOffset] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [choices, setChoices] = useState<{ users: UserPage['users']; groups: UserGroupPage['groups'] }>({
    users: [],
    groups: [],
  });

  const load = useCallback(async () => setData(await http.get(base).json<ApplicationUsers>()), [http, base]);
  useEffect(() => {
    setData(null);
    // An unknown or invisible application answers 404 here and the HTTP client opens /auth/not-found.
    http
      .get(`application/${encodeURIComponent(appId)}`)
      .json<{ name: string }>()
      .then((app) => {
        setAppName(app.name);
        return load();
      })
      .catch(() => undefined);
  }, [http, appId, load]);

  useEffect(() => {
    if (editing?.mode !== 'add-user' && editing?.mode !== 'add-group') return;
    void Promise.all([
      http.get('users', { searchParams: { limit: 100 } }).json<UserPage>(),
      http.get('user-groups', { searchParams: { limit: 100 } }).json<UserGroupPage>(),
    ])
      .then(([users, groups]) => setChoices({ users: users.users, groups: groups.groups }))
      .catch(() => undefined);
  }, [http, editing]);

  const change = async (call: () => Promise<unknown>, message: string) => {
    await call();
    setEditing(null);
    notify({ intent: 'success', title: message });
    await load();
  };

  const remove = async (call: () => Promise<unknown>) => {
    try {
      await change(call, t('users.setup.removed'));
    } catch {
      setEditing(null);
      notify({ intent: 'error', title: t('users.errors.disassociateFailed') });
    }
  };

  if (!data || appName === null) return <Spinner size="small" />;
  const users = data.users.slice(userOffset, userOffset + USERS_PAGE_SIZE);
  const groups = data.groups.slice(groupOffset, groupOffset + USERS_PAGE_SIZE);
  const associated = new Set(data.users.map((user) => user.userId));
  const associatedGroups = new Set(data.groups.map((group) => group.groupId));

  return (
    <section className={layout.page}>
      <Title3 as="h1">
        {t('users.setup.title')}: {appName}
      </Title3>
      <Text>{t('users.setup.intro')}</Text>

      <PageHeader level={2} title={t('users.setup.users')}>
        <Button icon={<AddRegular />} onClick={() => setEditing({ mode: 'add-user' })}>
          {t('users.setup.addUser')}
        </Button>
      </PageHeader>
      <DataTable
        label={t('users.setup.users')}
        rows={users}
        rowKey={(user) => user.userId}
        empty={t('users.common.noData')}
        columns={[
          { id: 'username', header: t('users.fields.username'), cell: (user) => user.username },
          { id: 'name', header: t('users.fields.fullName'), cell: (user) => user.name },
          { id: 'level', header: t('users.fields.level'), cell: (user) => t(`users.levels.${user.level}`) },
          { id: 'group', header: t('users.fields.group'), cell: (user) => user.groupName },
          {
            id: 'tags',
            header: t('users.fields.deviceTags'),
            cell: (user) => (
              <div className={styles.tags}>
                {user.deviceTags.length === 0 ? (
                  <Text italic>{t('users.setup.allDevices')}</Text>
                ) : (
                  user.deviceTags.map((tag) => (
                    <Badge key={tag} appearance="tint">
                      {tag}
                    </Badge>
                  ))
                )}
              </div>
            ),
          },
          {
            id: 'actions',
            header: t('users.common.actions'),
            cell: (user) => (
              <>
                <Button appearance="subtle" icon={<TagRegular />} onClick={() => setEditing({ mode: 'tags', user })}>
                  {t('users.setup.editTags')}
                </Button>
                <RemoveButton target={user.username} onClick={() => setEditing({ mode: 'remove-user', user })} />
              </>
            ),
          },
        ]}
      />
      <Pager offset={userOffset} total={data.users.length} onChange={setUserOffset} />

      <PageHeader level={2} title={t('users.setup.groups')}>
        <Button icon={<AddRegular />} onClick={() => setEditing({ mode: 'add-group' })}>
          {t('users.setup.addGroup')}
        </Button>
      </PageHeader>
      <DataTable
        label={t('users.setup.groups')}
        rows={groups}
        rowKey={(group) => group.groupId}
        empty={t('users.common.noData')}
        columns={[
          { id: 'name', header: t('users.fields.groupName'), cell: (group) => group.name },
          { id: 'members', header: t('users.fields.members'), cell: (group) => group.memberCount },
          {
            id: 'actions',
            header: t('users.common.actions'),
            cell: (group) => <RemoveButton target={group.name} onClick={() => setEditing({ mode: 'remove-group', group })} />,
          },
        ]}
      />
      <Pager offset={groupOffset} total={data.groups.length} onChange={setGroupOffset} />

      {editing?.mode === 'add-user' && (
        <ChooseDialog
          title={t('users.setup.addUserTitle')}
          label={t('users.groups.chooseUser')}
          requiredMessage={t('users.validation.userRequired')}
          withTags
          choices={choices.users
            .filter((user) => !associated.has(user.id))
            .map((user) => ({ id: user.id, label: userChoiceLabel(user) }))}
          onClose={() => setEditing(null)}
          onSave={(userId, deviceTags) =>
            change(() => http.post(`${base}/users`, { json: { userId, deviceTags } }), t('users.setup.added'))
          }
        />
      )}
      {editing?.mode === 'add-group' && (
        <ChooseDialog
          title={t('users.setup.addGroupTitle')}
          label={t('users.fields.group')}
          requiredMessage={t('users.validation.groupRequired')}
          choices={choices.groups
            .filter((group) => !associatedGroups.has(group.id))
            .map((group) => ({ id: group.id, label: group.name }))}
          onClose={() => setEditing(null)}
          onSave={(groupId) => change(() => http.post(`${base}/groups`, { json: { groupId } }), t('users.setup.added'))}
        />
      )}
      {editing?.mode === 'tags' && (
        <TagsDialog
          user={editing.user}
          onClose={() => setEditing(null)}
          onSave={(deviceTags) =>
            change(
              () => http.put(`${base}/users/${encodeURIComponent(editing.user.userId)}/device-tags`, { json: { deviceTags } }),
              t('users.common.saved'),
            )
          }
        />
      )}
      {editing?.mode === 'remove-user' && (
        <ConfirmDialog
          title={t('users.setup.remove')}
          message={t('users.setup.confirmRemoveUser', { username: editing.user.username })}
          confirmLabel={t('users.setup.remove')}
          onCancel={() => setEditing(null)}
          onConfirm={() => void remove(() => http.delete(`${base}/users/${encodeURIComponent(editing.user.userId)}`))}
        />
      )}
      {editing?.mode === 'remove-group' && (
        <ConfirmDialog
          title={t('users.setup.remove')}
          message={t('users.setup.confirmRemoveGroup', { name: editing.group.name })}
          confirmLabel={t('users.setup.remove')}
          onCancel={() => setEditing(null)}
          onConfirm={() => void remove(() => http.delete(`${base}/groups/${encodeURIComponent(editing.group.groupId)}`))}
        />
      )}
    </section>
  );
}
