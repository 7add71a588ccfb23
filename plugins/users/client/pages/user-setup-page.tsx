import { Badge, Button, Field, Input, makeStyles, Spinner, Text, Title3, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, TagRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { getSnapshot } from 'mobx-state-tree';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ConfirmDialog, PageHeader, useNotify, usePageStyles, type RequestState } from '@sensorium/core/client';
import { ChooseDialog, useSaveError, userChoiceLabel } from '../components/choose-dialog';
import { Pager } from '../components/pager';
import { StoreTable } from '../components/store-table';
import { splitTags } from '../form';
import { useUsersStore } from '../stores';
import type { ApplicationGroup, ApplicationGroupInstance, ApplicationUser, ApplicationUserInstance } from '../stores/models';
import { shownByDialog, useOutcome } from '../use-outcome';

const useStyles = makeStyles({
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

type Editing =
  | { mode: 'add-user' }
  | { mode: 'add-group' }
  | { mode: 'tags'; user: ApplicationUser }
  | { mode: 'remove-user'; user: ApplicationUser }
  | { mode: 'remove-group'; group: ApplicationGroup }
  | null;

/** Which devices a user of the application may see, by tag; a failed save shows its message under the tags. */
const TagsDialog = observer(function TagsDialog(props: {
  user: ApplicationUser;
  request: RequestState;
  onSave(tags: string[]): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [tags, setTags] = useState(props.user.deviceTags.join(', '));
  const error = useSaveError(props.request);
  return (
    <ConfirmDialog
      title={t('users.setup.editTagsTitle', { username: props.user.username })}
      confirmLabel={t('users.common.save')}
      busy={props.request.pending}
      onConfirm={() => void props.onSave(splitTags(tags))}
      onCancel={props.onClose}
    >
      <Field label={t('users.fields.deviceTags')} hint={t('users.setup.tagsHelp')} validationMessage={error}>
        <Input required={false} value={tags} onChange={(_, data) => setTags(data.value)} autoFocus />
      </Field>
    </ConfirmDialog>
  );
});

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
const UserSetupPage = observer(function UserSetupPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const styles = useStyles();
  const notify = useNotify();
  const store = useUsersStore();
  const setup = store.setup;
  const appId = useParams().app_id ?? '';
  const [editing, setEditing] = useState<Editing>(null);
  const { settle } = useOutcome();
  const close = () => setEditing(null);
  const open = (next: Editing) => {
    setup.saving.clear();
    setEditing(next);
  };

  useEffect(() => void setup.open(appId), [setup, appId]);

  const mode = editing?.mode ?? null;
  useEffect(() => {
    if (mode === 'add-user') void setup.loadUserChoices();
    if (mode === 'add-group') void store.choices.loadGroups();
  }, [store, setup, mode]);

  const changed = (message: string) => ({ close, message, failureShown: shownByDialog });
  const removed = (outcome: Awaited<ReturnType<typeof setup.removeUser>>) => {
    close();
    if (outcome.ok) notify({ intent: 'success', title: t('users.setup.removed') });
    else notify({ intent: 'error', title: t('users.errors.disassociateFailed') });
  };

  // Until this application's page has opened, the store may still hold the previous one's.
  if (!setup.ready || setup.appId !== appId) return <Spinner size="small" />;

  return (
    <section className={layout.page}>
      <Title3 as="h1">
        {t('users.setup.title')}: {setup.appName}
      </Title3>
      <Text>{t('users.setup.intro')}</Text>

      <PageHeader level={2} title={t('users.setup.users')}>
        <Button icon={<AddRegular />} onClick={() => open({ mode: 'add-user' })}>
          {t('users.setup.addUser')}
        </Button>
      </PageHeader>
      <StoreTable<ApplicationUserInstance>
        label={t('users.setup.users')}
        rows={setup.userPage}
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
                <Button appearance="subtle" icon={<TagRegular />} onClick={() => open({ mode: 'tags', user: getSnapshot(user) })}>
                  {t('users.setup.editTags')}
                </Button>
                <RemoveButton target={user.username} onClick={() => open({ mode: 'remove-user', user: getSnapshot(user) })} />
              </>
            ),
          },
        ]}
      />
      <Pager offset={setup.userOffset} total={setup.users.length} onChange={setup.setUserOffset} />

      <PageHeader level={2} title={t('users.setup.groups')}>
        <Button icon={<AddRegular />} onClick={() => open({ mode: 'add-group' })}>
          {t('users.setup.addGroup')}
        </Button>
      </PageHeader>
      <StoreTable<ApplicationGroupInstance>
        label={t('users.setup.groups')}
        rows={setup.groupPage}
        rowKey={(group) => group.groupId}
        empty={t('users.common.noData')}
        columns={[
          { id: 'name', header: t('users.fields.groupName'), cell: (group) => group.name },
          { id: 'members', header: t('users.fields.members'), cell: (group) => group.memberCount },
          {
            id: 'actions',
            header: t('users.common.actions'),
            cell: (group) => (
              <RemoveButton target={group.name} onClick={() => open({ mode: 'remove-group', group: getSnapshot(group) })} />
            ),
          },
        ]}
      />
      <Pager offset={setup.groupOffset} total={setup.groups.length} onChange={setup.setGroupOffset} />

      {editing?.mode === 'add-user' && (
        <ChooseDialog
          title={t('users.setup.addUserTitle')}
          label={t('users.groups.chooseUser')}
          requiredMessage={t('users.validation.userRequired')}
          withTags
          request={setup.saving}
          choices={setup.userChoices
            .filter((user) => !setup.hasUser(user.userId))
            .map((user) => ({ id: user.userId, label: userChoiceLabel(user) }))}
          onClose={close}
          onSave={async (userId, deviceTags) => settle(await setup.addUser(userId, deviceTags), changed(t('users.setup.added')))}
        />
      )}
      {editing?.mode === 'add-group' && (
        <ChooseDialog
          title={t('users.setup.addGroupTitle')}
          label={t('users.fields.group')}
          requiredMessage={t('users.validation.groupRequired')}
          request={setup.saving}
          choices={store.choices.groups
            .filter((group) => !setup.hasGroup(group.id))
            .map((group) => ({ id: group.id, label: group.name }))}
          onClose={close}
          onSave={async (groupId) => settle(await setup.addGroup(groupId), changed(t('users.setup.added')))}
        />
      )}
      {editing?.mode === 'tags' && (
        <TagsDialog
          user={editing.user}
          request={setup.saving}
          onClose={close}
          onSave={async (deviceTags) =>
            settle(await setup.setDeviceTags(editing.user.userId, deviceTags), changed(t('users.common.saved')))
          }
        />
      )}
      {editing?.mode === 'remove-user' && (
        <ConfirmDialog
          title={t('users.setup.remove')}
          message={t('users.setup.confirmRemoveUser', { username: editing.user.username })}
          confirmLabel={t('users.setup.remove')}
          onCancel={close}
          onConfirm={() => void setup.removeUser(editing.user.userId).then(removed)}
        />
      )}
      {editing?.mode === 'remove-group' && (
        <ConfirmDialog
          title={t('users.setup.remove')}
          message={t('users.setup.confirmRemoveGroup', { name: editing.group.name })}
          confirmLabel={t('users.setup.remove')}
          onCancel={close}
          onConfirm={() => void setup.removeGroup(editing.group.groupId).then(removed)}
        />
      )}
    </section>
  );
});

export default UserSetupPage;
