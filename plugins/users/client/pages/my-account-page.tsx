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
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readApiError, useHttp, useNotify, usePageStyles, useSession } from '@sensorium/core/client';
import { ProfileInput, type MyAccount } from '../../common';
import { ApiKeysSection } from '../components/api-keys-section';
import { usePermissionName } from '../components/group-dialog';
import { fieldErrors, type FieldErrors } from '../form';
import { useFormSubmit } from '../use-form-submit';

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
function ProfileSection(props: { account: MyAccount; onSaved(account: MyAccount): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const http = useHttp();
  const notify = useNotify();
  const session = useSession();
  const canEdit = session.hasPermission('profileedit');
  const [draft, setDraft] = useState({
    name: props.account.name,
    email: props.account.email ?? '',
    phone: props.account.phone ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const { saving, submit } = useFormSubmit(setErrors);

  const save = async () => {
    const values = { name: draft.name, email: draft.email || null, phone: draft.phone || null };
    const found = fieldErrors(ProfileInput, values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await submit(async () => {
      const saved = await http.put('my-account/profile', { json: values }).json<MyAccount>();
      props.onSaved(saved);
      await session.loadMe();
      notify({ intent: 'success', title: t('users.account.profileSaved') });
    });
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
        <Field key={key} label={t(label)} required={required} validationMessage={errors?.[key]}>
          <Input
            {...input}
            value={draft[key]}
            disabled={!canEdit}
            onChange={(_, data) => setDraft({ ...draft, [key]: data.value })}
          />
        </Field>
      ))}
      <div>
        <Button type="submit" appearance="primary" disabled={!canEdit || saving}>
          {t('users.common.save')}
        </Button>
      </div>
    </form>
  );
}

/** Change password: the current one, the new one (at least 8 characters) twice. */
function PasswordSection() {
  const { t } = useTranslation();
  const styles = useStyles();
  const http = useHttp();
  const notify = useNotify();
  const empty = { currentPassword: '', newPassword: '', confirm: '' };
  const [draft, setDraft] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const { saving, submit } = useFormSubmit(setErrors);

  const save = async () => {
    const found: FieldErrors = {};
    if (!draft.currentPassword) found.currentPassword = t('users.errors.wrongCurrentPassword');
    if (draft.newPassword.length < 8) found.newPassword = t('users.validation.passwordLength');
    else if (draft.newPassword !== draft.confirm) found.confirm = t('users.validation.passwordsMatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await submit(async () => {
      await http.put('my-account/password', {
        json: { currentPassword: draft.currentPassword, newPassword: draft.newPassword },
      });
      setDraft(empty);
      setErrors(null);
      notify({ intent: 'success', title: t('users.account.passwordChanged') });
    });
  };

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
      <Field label={t('users.account.currentPassword')} required validationMessage={errors?.currentPassword}>
        {input('currentPassword')}
      </Field>
      <Field label={t('users.account.newPassword')} required validationMessage={errors?.newPassword}>
        {input('newPassword')}
      </Field>
      <Field label={t('users.fields.confirmPassword')} required validationMessage={errors?.confirm}>
        {input('confirm')}
      </Field>
      <div>
        <Button type="submit" appearance="primary" disabled={saving}>
          {t('users.account.changePassword')}
        </Button>
      </div>
    </form>
  );
}

/** Two-factor settings: the e-mail one-time password at login, which needs an e-mail address. */
function SecondFactorSection(props: { account: MyAccount; onSaved(account: MyAccount): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const http = useHttp();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const toggle = async (otpEnabled: boolean) => {
    setSaving(true);
    try {
      props.onSaved(await http.put('my-account/second-factor', { json: { otpEnabled } }).json<MyAccount>());
    } catch (error) {
      notify({ intent: 'error', title: (await readApiError(error))?.message ?? t('users.errors.generic') });
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className={styles.form}>
      <Subtitle1 as="h2">{t('users.account.secondFactor')}</Subtitle1>
      <Switch
        label={t('users.account.otpEmail')}
        checked={props.account.otpEnabled}
        disabled={saving || (!props.account.otpEnabled && !props.account.email)}
        onChange={(_, data) => void toggle(data.checked)}
      />
      <Text>{props.account.otpEnabled ? t('users.account.otpOn') : t('users.account.otpOff')}</Text>
      {!props.account.email && <Text italic>{t('users.account.otpNeedsEmail')}</Text>}
    </div>
  );
}

/** My Account (shell spec §2.2): profile, password, two-factor settings and the user's API keys. */
const MyAccountPage = observer(function MyAccountPage() {
  const { t } = useTranslation();
  const layout = usePageStyles();
  const styles = useStyles();
  const http = useHttp();
  const permissionName = usePermissionName();
  const [account, setAccount] = useState<MyAccount | null>(null);

  const load = useCallback(async () => setAccount(await http.get('my-account').json<MyAccount>()), [http]);
  useEffect(() => void load().catch(() => undefined), [load]);

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
      <ProfileSection key={account.id} account={account} onSaved={setAccount} />
      <Divider />
      <PasswordSection />
      <Divider />
      <SecondFactorSection account={account} onSaved={setAccount} />
      <Divider />
      <ApiKeysSection />
    </section>
  );
});

export default MyAccountPage;
