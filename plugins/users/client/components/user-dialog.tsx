import { Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useSessionUser, type RequestState } from '@sensorium/core/client';
import { USER_LEVELS, type UserLevel } from '@sensorium/core/common';
import { NewUserInput, UserPatchInput } from '../../common';
import { fieldErrors, type FieldErrors } from '../form';
import type { ChoicesStore } from '../stores/choices';
import type { User } from '../stores/models';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
  },
});

export type UserDraft = Record<string, string>;

/**
 * Create or edit a user (accounts spec §3 user vocabulary); errors appear after the first Save and are re-checked on
 * each. The server's messages for the fields it refused come from the save's request state.
 */
export const UserDialog = observer(function UserDialog(props: {
  user?: User;
  options: Pick<ChoicesStore, 'groups' | 'customers'>;
  request: RequestState;
  onSave(values: Record<string, unknown>): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const me = useSessionUser();
  const editing = props.user;
  const [draft, setDraft] = useState<UserDraft>({
    username: '',
    password: '',
    confirmPassword: '',
    name: editing?.name ?? '',
    email: editing?.email ?? '',
    phone: editing?.phone ?? '',
    groupId: editing?.groupId ?? '',
    level: editing?.level ?? (me?.level === 'cloud' ? 'si-customer' : (me?.level ?? 'si-customer')),
    endCustomerId: editing?.endCustomerId ?? '',
    organisationId: editing?.organisationId ?? '',
    scope: editing?.scope ?? '',
    ldapUrl: editing?.ldapUrl ?? '',
    userDn: editing?.userDn ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const levels = USER_LEVELS.filter((level) => level !== 'cloud' || me?.level === 'cloud');
  const showOrganisation = me?.level === 'cloud' && draft.level === 'si-customer';

  const values = (): Record<string, unknown> => {
    const common = {
      name: draft.name,
      email: draft.email || null,
      phone: draft.phone || null,
      groupId: draft.groupId || undefined,
      level: draft.level as UserLevel,
      endCustomerId: draft.level === 'cloud' ? null : draft.endCustomerId || null,
      scope: draft.scope,
      ldapUrl: draft.ldapUrl || null,
      userDn: draft.userDn || null,
      ...(showOrganisation ? { organisationId: draft.organisationId || null } : {}),
    };
    return editing ? common : { ...common, username: (draft.username ?? '').trim(), password: draft.password };
  };

  const check = (): FieldErrors => {
    const found = fieldErrors(editing ? UserPatchInput : NewUserInput, values(), t);
    if (!editing && draft.password !== draft.confirmPassword && !found.password) {
      found.confirmPassword = t('users.validation.passwordsMatch');
    }
    if (draft.level === 'end-customer' && !draft.endCustomerId) found.endCustomerId = t('users.validation.customerRequired');
    return found;
  };

  const save = async () => {
    props.request.clear();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await props.onSave(values());
  };

  const set = (key: string) => (_: unknown, data: { value: string }) => {
    const next = { ...draft, [key]: data.value };
    setDraft(next);
  };
  const field = (key: string) => {
    const message = errors?.[key] ?? props.request.fieldError(key);
    return { validationMessage: message, validationState: message ? ('error' as const) : ('none' as const) };
  };

  return (
    <ConfirmDialog
      title={editing ? t('users.list.editTitle', { username: editing.username }) : t('users.list.createTitle')}
      confirmLabel={editing ? t('users.common.save') : t('users.common.create')}
      busy={props.request.pending}
      onConfirm={() => void save()}
      onCancel={props.onClose}
    >
      <div className={styles.grid}>
        {!editing && (
          <>
            <Field label={t('users.fields.username')} required {...field('username')}>
              <Input required={false} value={draft.username} onChange={set('username')} maxLength={20} autoFocus />
            </Field>
            <Field label={t('users.fields.password')} required {...field('password')}>
              <Input required={false} type="password" value={draft.password} onChange={set('password')} maxLength={20} />
            </Field>
            <Field label={t('users.fields.confirmPassword')} required {...field('confirmPassword')}>
              <Input
                required={false}
                type="password"
                value={draft.confirmPassword}
                onChange={set('confirmPassword')}
                maxLength={20}
              />
            </Field>
          </>
        )}
        <Field label={t('users.fields.fullName')} required {...field('name')}>
          <Input required={false} value={draft.name} onChange={set('name')} maxLength={100} />
        </Field>
        <Field label={t('users.fields.email')} {...field('email')}>
          <Input required={false} inputMode="email" value={draft.email} onChange={set('email')} maxLength={200} />
        </Field>
        <Field label={t('users.fields.phone')} {...field('phone')}>
          <Input
            required={false}
            type="tel"
            value={draft.phone}
            onChange={set('phone')}
            maxLength={20}
            placeholder="+85291234567"
          />
        </Field>
        <Field label={t('users.fields.group')} required {...field('groupId')}>
          <Select required={false} value={draft.groupId} onChange={set('groupId')}>
            <option value="">—</option>
            {props.options.groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('users.fields.level')} required hint={t('users.list.levelHelp')} {...field('level')}>
          <Select required={false} value={draft.level} onChange={set('level')}>
            {levels.map((level) => (
              <option key={level} value={level}>
                {t(`users.levels.${level}`)}
              </option>
            ))}
          </Select>
        </Field>
        {draft.level !== 'cloud' && (
          <Field label={t('users.fields.customer')} required={draft.level === 'end-customer'} {...field('endCustomerId')}>
            <Select required={false} value={draft.endCustomerId} onChange={set('endCustomerId')}>
              <option value="">{t('users.common.none')}</option>
              {props.options.customers.map((customer) => (
                <option key={customer.id} value={customer.id}>
                  {customer.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
        {showOrganisation && (
          <Field label={t('users.fields.organisation')} {...field('organisationId')}>
            <Input required={false} value={draft.organisationId} onChange={set('organisationId')} maxLength={100} />
          </Field>
        )}
        <Field label={t('users.fields.scope')} {...field('scope')}>
          <Input required={false} value={draft.scope} onChange={set('scope')} maxLength={200} />
        </Field>
        <Field label={t('users.fields.ldapUrl')} {...field('ldapUrl')}>
          <Input required={false} value={draft.ldapUrl} onChange={set('ldapUrl')} maxLength={300} placeholder="ldap://" />
        </Field>
        <Field label={t('users.fields.userDn')} {...field('userDn')}>
          <Input required={false} value={draft.userDn} onChange={set('userDn')} maxLength={300} />
        </Field>
      </div>
    </ConfirmDialog>
  );
});

/** An administrator sets a new password for a user; the server's message for the password shows under it. */
export const ResetPasswordDialog = observer(function ResetPasswordDialog(props: {
  user: User;
  request: RequestState;
  onSave(password: string): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const save = async () => {
    props.request.clear();
    const found: FieldErrors = {};
    if (password.length < 8) found.password = t('users.validation.passwordLength');
    else if (password !== confirm) found.confirm = t('users.validation.passwordsMatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await props.onSave(password);
  };
  return (
    <ConfirmDialog
      title={t('users.list.resetTitle', { username: props.user.username })}
      confirmLabel={t('users.common.save')}
      busy={props.request.pending}
      onConfirm={() => void save()}
      onCancel={props.onClose}
    >
      <Field
        label={t('users.list.newPassword')}
        required
        validationMessage={errors?.password ?? props.request.fieldError('password')}
      >
        <Input
          required={false}
          type="password"
          value={password}
          onChange={(_, data) => setPassword(data.value)}
          maxLength={20}
          autoFocus
        />
      </Field>
      <Field label={t('users.fields.confirmPassword')} required validationMessage={errors?.confirm}>
        <Input required={false} type="password" value={confirm} onChange={(_, data) => setConfirm(data.value)} maxLength={20} />
      </Field>
    </ConfirmDialog>
  );
});
