import {
  Badge,
  Button,
  Divider,
  Field,
  Input,
  makeStyles,
  Spinner,
  Subtitle1,
  Switch,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, usePageStyles, useSession } from '@sensorium/core/client';
import { ProfileInput } from '../../common';
import { ApiKeysSection } from '../components/api-keys-section';
import { usePermissionName } from '../components/group-dialog';
import { fieldErrors, type FieldErrors } from '../form';
import { useUsersStore } from '../stores';
import type { MyAccountInstance } from '../stores/models';
import { hasFieldErrors, namesField, useOutcome } from '../use-outcome';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '480px' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
  },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

const PROFILE_FIELDS = [
  { key: 'name', label: 'users.fields.fullName', required: true, input: { maxLength: 100 } },
  { key: 'email', label: 'users.fields.email', required: false, input: { inputMode: 'email', maxLength: 200 } },
  {
    key: 'phone',
    label: 'users.fields.phone',
    required: false,
    input: { type: 'tel', maxLength: 20, placeholder: '+85291234567' },
  },
] as const;

/** The profile: full name, e-mail and phone, editable with profileedit. */
const ProfileSection = observer(function ProfileSection(props: { account: MyAccountInstance }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const session = useSession();
  const store = useUsersStore().myAccount;
  const { settle } = useOutcome();
  const canEdit = session.hasPermission('profileedit');
  const [draft, setDraft] = useState({
    name: props.account.name,
    email: props.account.email ?? '',
    phone: props.account.phone ?? '',
  });
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  // A new e-mail address needs the current password (the server checks it and signs out the other sessions).
  const emailChanges = (draft.email.trim() || null) !== props.account.email;

  const save = async () => {
    store.profile.clear();
    const values = { name: draft.name, email: draft.email || null, phone: draft.phone || null };
    const found = fieldErrors(ProfileInput, values, t);
    if (emailChanges && !currentPassword) found.currentPassword = t('users.validation.currentPasswordRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await store.saveProfile(emailChanges ? { ...values, currentPassword } : values);
    if (outcome.ok) setCurrentPassword('');
    // The header shows the user's name: the session reloads it (a failure there leaves the old name until the next login).
    if (outcome.ok) await session.loadMe().catch(() => undefined);
    settle(outcome, { message: t('users.account.profileSaved'), failureShown: hasFieldErrors });
  };

  return (
    <form
      noValidate
      className={styles.form}
      aria-label={t('users.account.profile')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Subtitle1 as="h2">{t('users.account.profile')}</Subtitle1>
      {!canEdit && <Text>{t('users.account.noProfileEdit')}</Text>}
      {PROFILE_FIELDS.map(({ key, label, required, input }) => (
        <Field key={key} label={t(label)} required={required} validationMessage={errors?.[key] ?? store.profile.fieldError(key)}>
          <Input
            {...input}
            value={draft[key]}
            disabled={!canEdit}
            onChange={(_, data) => setDraft({ ...draft, [key]: data.value })}
          />
        </Field>
      ))}
      {canEdit && emailChanges && (
        <Field
          label={t('users.account.currentPassword')}
          hint={t('users.account.emailNeedsPassword')}
          required
          validationMessage={errors?.currentPassword ?? store.profile.fieldError('currentPassword')}
        >
          <Input type="password" maxLength={200} value={currentPassword} onChange={(_, data) => setCurrentPassword(data.value)} />
        </Field>
      )}
      <div>
        <Button type="submit" appearance="primary" disabled={!canEdit || store.profile.pending}>
          {t('users.common.save')}
        </Button>
      </div>
    </form>
  );
});

/** Change password: the current one, the new one (at least 8 characters) twice. */
const PasswordSection = observer(function PasswordSection() {
  const { t } = useTranslation();
  const styles = useStyles();
  const store = useUsersStore().myAccount;
  const { settle } = useOutcome();
  const empty = { currentPassword: '', newPassword: '', confirm: '' };
  const [draft, setDraft] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors | null>(null);

  const save = async () => {
    store.password.clear();
    const found: FieldErrors = {};
    if (!draft.currentPassword) found.currentPassword = t('users.validation.currentPasswordRequired');
    if (draft.newPassword.length < 8) found.newPassword = t('users.validation.passwordLength');
    else if (draft.newPassword !== draft.confirm) found.confirm = t('users.validation.passwordsMatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await store.changePassword(draft.currentPassword, draft.newPassword);
    settle(outcome, { close: () => setDraft(empty), message: t('users.account.passwordChanged'), failureShown: hasFieldErrors });
  };
  const message = (key: keyof typeof empty) => errors?.[key] ?? store.password.fieldError(key);

  const input = (key: keyof typeof empty) => (
    <Input
      type="password"
      value={draft[key]}
      maxLength={key === 'currentPassword' ? 200 : 20}
      onChange={(_, data) => setDraft({ ...draft, [key]: data.value })}
    />
  );
  return (
    <form
      noValidate
      className={styles.form}
      aria-label={t('users.account.changePassword')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Subtitle1 as="h2">{t('users.account.changePassword')}</Subtitle1>
      <Text>{t('users.account.passwordSignsOut')}</Text>
      <Field label={t('users.account.currentPassword')} required validationMessage={message('currentPassword')}>
        {input('currentPassword')}
      </Field>
      <Field label={t('users.account.newPassword')} required validationMessage={message('newPassword')}>
        {input('newPassword')}
      </Field>
      <Field label={t('users.fields.confirmPassword')} required validationMessage={message('confirm')}>
        {input('confirm')}
      </Field>
      <div>
        <Button type="submit" appearance="primary" disabled={store.password.pending}>
          {t('users.account.changePassword')}
        </Button>
      </div>
    </form>
  );
});

/** Asks for the current password before the second factor is switched to `otpEnabled`. */
const SecondFactorDialog = observer(function SecondFactorDialog(props: { otpEnabled: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const store = useUsersStore().myAccount;
  const { settle } = useOutcome();
  const [currentPassword, setCurrentPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = async () => {
    store.secondFactor.clear();
    setMissing(!currentPassword);
    if (!currentPassword) return;
    settle(await store.setSecondFactor(props.otpEnabled, currentPassword), {
      close: props.onClose,
      failureShown: namesField('currentPassword'),
    });
  };
  return (
    <ConfirmDialog
      title={t('users.account.confirmSecondFactor')}
      message={t(props.otpEnabled ? 'users.account.confirmSecondFactorOn' : 'users.account.confirmSecondFactorOff')}
      confirmLabel={t('users.account.confirm')}
      busy={store.secondFactor.pending}
      onConfirm={() => void confirm()}
      onCancel={() => {
        store.secondFactor.clear();
        props.onClose();
      }}
    >
      <Field
        label={t('users.account.currentPassword')}
        required
        validationMessage={
          missing ? t('users.validation.currentPasswordRequired') : store.secondFactor.fieldError('currentPassword')
        }
      >
        <Input type="password" maxLength={200} value={currentPassword} onChange={(_, data) => setCurrentPassword(data.value)} />
      </Field>
    </ConfirmDialog>
  );
});

/** Two-factor settings: the e-mail one-time password at login, which needs an e-mail address. */
const SecondFactorSection = observer(function SecondFactorSection(props: { account: MyAccountInstance }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const store = useUsersStore().myAccount;
  /** The state the user asked for, while the dialog asks for the password. */
  const [wanted, setWanted] = useState<boolean | null>(null);
  return (
    <div className={styles.form}>
      <Subtitle1 as="h2">{t('users.account.secondFactor')}</Subtitle1>
      <Switch
        label={t('users.account.otpEmail')}
        checked={props.account.otpEnabled}
        disabled={store.secondFactor.pending || (!props.account.otpEnabled && !props.account.email)}
        onChange={(_, data) => setWanted(data.checked)}
      />
      <Text>{props.account.otpEnabled ? t('users.account.otpOn') : t('users.account.otpOff')}</Text>
      {!props.account.email && <Text italic>{t('users.account.otpNeedsEmail')}</Text>}
      {wanted !== null && <SecondFactorDialog otpEnabled={wanted} onClose={() => setWanted(null)} />}
    </div>
  );
});

/** My Account (shell spec §2.2): profile, password, two-factor settings and the user's API keys. */
const MyAccountPage = observer(function MyAccountPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const styles = useStyles();
  const permissionName = usePermissionName();
  const store = useUsersStore().myAccount;
  const account = store.account;

  useEffect(() => void store.open(), [store]);

  if (!account) return <Spinner size="small" />;
  return (
    <section className={layout.page}>
      <Title3 as="h1">{t('users.account.title')}</Title3>
      <div className={styles.facts}>
        <Text weight="semibold">{t('users.fields.username')}</Text>
        <Text>{account.username}</Text>
        <Text weight="semibold">{t('users.fields.level')}</Text>
        <Text>{t(`users.levels.${account.level}`)}</Text>
        <Text weight="semibold">{t('users.fields.group')}</Text>
        <Text>{account.groupName ?? t('users.common.none')}</Text>
        {account.endCustomerName && (
          <>
            <Text weight="semibold">{t('users.fields.customer')}</Text>
            <Text>{account.endCustomerName}</Text>
          </>
        )}
        <Text weight="semibold">{t('users.account.permissions')}</Text>
        <div className={styles.badges}>
          {account.permissions.map((key) => (
            <Badge key={key} appearance="tint">
              {permissionName(key)}
            </Badge>
          ))}
        </div>
      </div>
      <Divider />
      <ProfileSection key={account.id} account={account} />
      <Divider />
      <PasswordSection />
      <Divider />
      <SecondFactorSection account={account} />
      <Divider />
      <ApiKeysSection />
    </section>
  );
});

export default MyAccountPage;
