import { Checkbox, Field, Input, Label, makeStyles, tokens, useId } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@sensorium/core/client';
import { UserGroupInput } from '../../common';
import { fieldErrors, type FieldErrors } from '../form';
import { useUsersStore } from '../stores';
import type { Group } from '../stores/models';
import { ChooseDialog, userChoiceLabel } from './choose-dialog';

const useStyles = makeStyles({
  permissions: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** A permission key's name; keys of plugins without a text show as they are. */
export function usePermissionName() {
  const { t } = useTranslation();
  return (key: string) => t(`users.permissionNames.${key}`, { defaultValue: key });
}

/**
 * Create or edit a user group: its name and the permissions (only those the editor holds are offered). The server's
 * message for the name shows under it.
 */
export const GroupDialog = observer(function GroupDialog(props: {
  group?: Group;
  onSave(values: { name: string; permissions: string[] }): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const list = useUsersStore().groups;
  const permissionName = usePermissionName();
  const permissionsLabel = useId('permissions');
  const [name, setName] = useState(props.group?.name ?? '');
  const [chosen, setChosen] = useState<string[]>(props.group?.permissions ?? []);
  const [errors, setErrors] = useState<FieldErrors | null>(null);

  useEffect(() => void list.loadGrantable(), [list]);

  const save = async () => {
    list.saving.clear();
    const values = { name, permissions: chosen };
    const found = fieldErrors(UserGroupInput, values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await props.onSave({ name: name.trim(), permissions: chosen });
  };

  // Keys the group holds but the editor does not are shown (disabled) so that nothing is silently dropped.
  const grantable: readonly string[] = list.grantable;
  const keys = [...new Set([...grantable, ...chosen])];
  return (
    <ConfirmDialog
      title={props.group ? t('users.groups.editTitle', { name: props.group.name }) : t('users.groups.createTitle')}
      confirmLabel={props.group ? t('users.common.save') : t('users.common.create')}
      busy={list.saving.pending}
      onConfirm={() => void save()}
      onCancel={props.onClose}
    >
      <div className={styles.column}>
        <Field label={t('users.fields.groupName')} required validationMessage={errors?.name ?? list.saving.fieldError('name')}>
          <Input required={false} value={name} onChange={(_, data) => setName(data.value)} maxLength={100} autoFocus />
        </Field>
        {/* Not a Field: a Field gives every control inside it the same id. */}
        <div role="group" aria-labelledby={permissionsLabel}>
          <Label id={permissionsLabel}>{t('users.fields.permissions')}</Label>
          <div className={styles.permissions}>
            {keys.map((key) => (
              <Checkbox
                key={key}
                label={permissionName(key)}
                checked={chosen.includes(key)}
                disabled={!grantable.includes(key)}
                onChange={(_, data) =>
                  setChosen((current) => (data.checked ? [...current, key] : current.filter((item) => item !== key)))
                }
              />
            ))}
          </div>
        </div>
      </div>
    </ConfirmDialog>
  );
});

/** Moves a user into a group; the server answers 'User already in the chosen group.' when it is there. */
export const AddMemberDialog = observer(function AddMemberDialog(props: {
  group: Group;
  onSave(userId: string): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const store = useUsersStore();

  useEffect(() => void store.choices.loadUsers(), [store]);

  return (
    <ChooseDialog
      title={t('users.groups.addMemberTitle', { name: props.group.name })}
      label={t('users.groups.chooseUser')}
      confirmLabel={t('users.groups.addMember')}
      requiredMessage={t('users.validation.userRequired')}
      request={store.groups.saving}
      choices={store.choices.users.map((user) => ({ id: user.id, label: userChoiceLabel(user) }))}
      onSave={(userId) => props.onSave(userId)}
      onClose={props.onClose}
    />
  );
});
