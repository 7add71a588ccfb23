import {
  Body1,
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { LockClosedRegular, PersonRegular } from '@fluentui/react-icons';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { SESSION_EXPIRED_PATH, readApiError, useSession, useSystemInfo } from '../../../../core/client';
import { AccountLayout } from '../components/account-layout';

/** Username and password are at most 20 characters (accounts spec §5). */
export const CREDENTIAL_MAX_LENGTH = 20;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  intro: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  subtitle: { color: tokens.colorNeutralForeground3 },
  submit: { width: '100%' },
});

/**
 * The login page (accounts spec §2), also shown at /auth/session-expired with a session-expired message.
 * A refused login shows the server's translated message and focuses the password.
 */
export default function LoginPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const { companyName } = useSystemInfo();
  const passwordInput = useRef<HTMLInputElement>(null);

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sessionExpired = pathname.startsWith(SESSION_EXPIRED_PATH);
  const canSubmit = !submitting && username.trim() !== '' && password.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setError(null);
    try {
      await session.login({ username: username.trim(), password, rememberMe });
      await navigate('/', { replace: true });
    } catch (caught) {
      setError((await readApiError(caught))?.message ?? t('account.login.failed'));
      setSubmitting(false);
      passwordInput.current?.focus();
    }
  };

  return (
    <AccountLayout>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.intro}>
          <Title2 as="h1">{t('account.login.title')}</Title2>
          <Body1 className={styles.subtitle}>{t('account.login.subtitle', { company: companyName })}</Body1>
        </div>
        {sessionExpired && !error && (
          <MessageBar intent="warning">
            <MessageBarBody>{t('account.login.sessionExpired')}</MessageBarBody>
          </MessageBar>
        )}
        {error && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        <Field label={t('account.login.username')} required>
          <Input
            contentBefore={<PersonRegular />}
            value={username}
            maxLength={CREDENTIAL_MAX_LENGTH}
            autoComplete="username"
            autoFocus
            onChange={(_event, data) => setUsername(data.value)}
          />
        </Field>
        <Field label={t('account.login.password')} required>
          <Input
            ref={passwordInput}
            type="password"
            contentBefore={<LockClosedRegular />}
            value={password}
            maxLength={CREDENTIAL_MAX_LENGTH}
            autoComplete="current-password"
            onChange={(_event, data) => setPassword(data.value)}
          />
        </Field>
        <Checkbox
          label={t('account.login.rememberMe')}
          checked={rememberMe}
          onChange={(_event, data) => setRememberMe(data.checked === true)}
        />
        <Button
          className={styles.submit}
          type="submit"
          appearance="primary"
          size="large"
          disabled={!canSubmit}
          icon={submitting ? <Spinner size="tiny" /> : undefined}
        >
          {submitting ? t('account.login.submitting') : t('account.login.submit')}
        </Button>
      </form>
    </AccountLayout>
  );
}
