import { Checkbox, Field, Input, Label, makeStyles, tokens, useId } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useHttp, useNotify } from '@sensorium/core/client';
import { UserGroupInput, type UserGroupRow, type UserPage } from '../../common';
import { fieldErrors, serverFeedback, type FieldErrors } from '../form';
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

/** Create or edit a user group: its name and the permissions (only those the editor holds are offered). */
export function GroupDialog(props: {
  group?: UserGroupRow;
  onSave(values: { name: string; permissions: string[] }): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const http = useHttp();
  const notify = useNotify();
  const permissionName = usePermissionName();
  const permissionsLabel = useId('permissions');
  const [grantable, setGrantable] = useState<string[]>([]);
  const [name, setName] = useState(props.group?.name ?? '');
  const [chosen, setChosen] = useState<string[]>(props.group?.permissions ?? []);
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    http
      .get('user-groups/permissions')
      .json<{ permissions: string[] }>()
      .then((answer) => setGrantable(answer.permissions))
      .catch(() => undefined);
  }, [http]);

  const save = async () => {
    const values = { name, permissions: chosen };
    const found = fieldErrors(UserGroupInput, values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await props.onSave({ name: name.trim(), permissions: chosen });
    } catch (error) {
      const feedback = await serverFeedback(error);
      if (feedback?.fields.name) setErrors({ name: feedback.fields.name });
      else notify({ intent: 'error', title: feedback?.message ?? t('users.errors.generic') });
    } finally {
      setSaving(false);
    }
  };

  // Keys the group holds but the editor does not are shown (disabled) so that nothing is silently dropped.
  const keys = [...new Set([...grantable, ...chosen])];
  return (
    <ConfirmDialog
      title={props.group ? t('users.groups.editTitle', { name: props.group.name }) : t('users.groups.createTitle')}
      confirmLabel={props.group ? t('users.common.save') : t('users.common.create')}
      busy={saving}
      onConfirm={() => void save()}
      onCancel={props.onClose}
    >
      <div className={styles.column}>
        <Field label={t('users.fields.groupName')} required validationMessage={errors?.name}>
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
}

/** Moves a user into a group; the server answers 'User already in the chosen group.' when it is there. */
export function AddMemberDialog(props: { group: UserGroupRow; onSave(userId: string): Promise<void>; onClose(): void }) {
  const { t } = useTranslation();
  const http = useHttp();
  const [users, setUsers] = useState<UserPage['users']>([]);

  useEffect(() => {
    http
      .get('users', { searchParams: { limit: 100 } })
      .json<UserPage>()
      .then((page) => setUsers(page.users))
      .catch(() => undefined);
  }, [http]);

  return (
    <ChooseDialog
      title={t('users.groups.addMemberTitle', { name: props.group.name })}
      label={t('users.groups.chooseUser')}
      confirmLabel={t('users.groups.addMember')}
      requiredMessage={t('users.validation.userRequired')}
      choices={users.map((user) => ({ id: user.id, label: userChoiceLabel(user) }))}
      onSave={(userId) => props.onSave(userId)}
      onClose={props.onClose}
    />
  );
}
