import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
  Spinner,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { LockClosedRegular, PersonRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { SESSION_EXPIRED_PATH, useLicence, useSession, useSystemInfo } from '@sensorium/core/client';
import { LICENCES } from '@sensorium/core/common';
import { AccountLayout } from '../components/account-layout';
import { RouteLink } from '../components/route-link';
import type { OtpChannel } from '../lib/account-api';
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH, canSubmitLogin } from '../lib/validation';
import { useAccountStore } from '../stores';
import type { LoginStore } from '../stores/login';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  intro: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  subtitle: { color: tokens.colorNeutralForeground3 },
  submit: { width: '100%' },
  row: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
  },
  links: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * The login page (accounts spec §2, §4, §5, §8), also shown at /auth/session-expired with a session-expired message.
 * A refused login shows the server's message in red and focuses the password. A user with the second factor on
 * chooses a channel, requests a one-time password and enters it.
 */
const LoginPage = observer(function LoginPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const login = useAccountStore().login;
  const systemInfo = useSystemInfo();
  const signUpLicensed = useLicence(LICENCES.signUp);
  const passwordInput = useRef<HTMLInputElement>(null);
  // The line shows only when the deployment names a support address.
  const { supportEmail } = systemInfo;

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);

  useEffect(() => login.reset(), [login]);

  const submitting = login.request.pending;
  const failure = login.request.failure;
  const error = failure ? (failure.message ?? t('account.login.failed')) : null;
  const sessionExpired = pathname.startsWith(SESSION_EXPIRED_PATH);
  const canSubmit = canSubmitLogin(username, password, submitting);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const result = await login.login({ username: username.trim(), password, rememberMe }, session);
    if (result === null) passwordInput.current?.focus();
    else if (result !== 'otp') await navigate(result.page, { replace: true });
  };

  if (login.otp) {
    return (
      <OtpStep
        login={login}
        cancel={() => {
          login.cancelOtp();
          setPassword('');
        }}
        verify={async (code) => {
          const page = await login.verifyOtp(code, rememberMe, session);
          if (page !== null) await navigate(page, { replace: true });
        }}
      />
    );
  }

  return (
    <AccountLayout>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.intro}>
          <Title2 as="h1">{t('account.login.title')}</Title2>
          <Body1 className={styles.subtitle}>{t('account.login.subtitle', { company: systemInfo.companyName })}</Body1>
        </div>
        {sessionExpired && !error && (
          <MessageBar intent="warning">
            <MessageBarBody>{t('account.login.sessionExpired')}</MessageBarBody>
          </MessageBar>
        )}
        {error && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody className={styles.error}>{error}</MessageBarBody>
          </MessageBar>
        )}
        <Field label={t('account.login.username')} required>
          <Input
            contentBefore={<PersonRegular />}
            value={username}
            maxLength={USERNAME_MAX_LENGTH}
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
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="current-password"
            onChange={(_event, data) => setPassword(data.value)}
          />
        </Field>
        <div className={styles.row}>
          <Checkbox
            label={t('account.login.rememberMe')}
            checked={rememberMe}
            onChange={(_event, data) => setRememberMe(data.checked === true)}
          />
          <RouteLink to="/auth/forgot-password">{t('account.login.forgotPassword')}</RouteLink>
        </div>
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
        <div className={styles.links}>
          {signUpLicensed && (
            <Body1>
              <span className={styles.muted}>{t('account.login.noAccount')} </span>
              <RouteLink to="/auth/sign-up">{t('account.login.signUp')}</RouteLink>
            </Body1>
          )}
          {supportEmail && <Caption1 className={styles.muted}>{t('account.login.support', { email: supportEmail })}</Caption1>}
        </div>
      </form>
    </AccountLayout>
  );
});

interface OtpStepProps {
  login: LoginStore;
  cancel(): void;
  verify(code: string): Promise<void>;
}

/**
 * The second factor: choose a channel, request the code, enter it and verify (accounts spec §4 Login). The code is
 * required: submitted empty it shows its reminder instead of calling the server.
 */
const OtpStep = observer(function OtpStep({ login, cancel, verify }: OtpStepProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [codeMissing, setCodeMissing] = useState(false);
  const otp = login.otp!;
  const busy = login.otpRequest.pending;
  const failure = login.otpRequest.failure;
  const error =
    failure && login.otpFailedStep
      ? t(`account.otp.${login.otpFailedStep}Failed`, { message: failure.message ?? t('account.login.failed') })
      : null;
  const channelLabel = (channel: OtpChannel) =>
    `${t(`account.otp.channel.${channel.channelName}`, { defaultValue: channel.channelName })} (${channel.channelContact})`;

  const request = async () => {
    if (await login.requestOtp()) {
      setCode('');
      setCodeMissing(false);
    }
  };
  const submitCode = async () => {
    if (code.trim() === '') {
      setCodeMissing(true);
      return;
    }
    setCodeMissing(false);
    await verify(code.trim());
  };

  return (
    <AccountLayout>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          void (otp.requested ? submitCode() : request());
        }}
      >
        <div className={styles.intro}>
          <Title2 as="h1">{t('account.otp.title')}</Title2>
          {otp.channels.length > 0 && <Body1 className={styles.subtitle}>{t('account.otp.chooseChannel')}</Body1>}
        </div>
        {otp.channels.length === 0 ? (
          <MessageBar intent="error" role="alert" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>{t('account.otp.noChannel')}</MessageBarTitle>
              {t('account.otp.contactAdmin')}
            </MessageBarBody>
          </MessageBar>
        ) : (
          <>
            {error && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody className={styles.error}>{error}</MessageBarBody>
              </MessageBar>
            )}
            <Field label={t('account.otp.channels')}>
              <RadioGroup
                value={otp.channelName}
                disabled={busy}
                onChange={(_event, data) => {
                  login.chooseChannel(data.value);
                  setCode('');
                  setCodeMissing(false);
                }}
              >
                {otp.channels.map((channel) => (
                  <Radio key={channel.channelName} value={channel.channelName} label={channelLabel(channel)} />
                ))}
              </RadioGroup>
            </Field>
            {otp.requested ? (
              <>
                <MessageBar intent="success">
                  <MessageBarBody>
                    {t('account.otp.sent', { contact: otp.requested.channelContact, minutes: otp.requested.validMinutes })}
                  </MessageBarBody>
                </MessageBar>
                <Field
                  label={t('account.otp.code')}
                  required
                  validationState={codeMissing ? 'error' : 'none'}
                  validationMessage={codeMissing ? t('account.otp.codeRequired') : undefined}
                >
                  <Input
                    value={code}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    autoFocus
                    onChange={(_event, data) => {
                      setCode(data.value);
                      setCodeMissing(false);
                    }}
                  />
                </Field>
                <Button
                  className={styles.submit}
                  type="submit"
                  appearance="primary"
                  size="large"
                  disabled={busy}
                  icon={busy ? <Spinner size="tiny" /> : undefined}
                >
                  {busy ? t('account.otp.verifying') : t('account.otp.verify')}
                </Button>
                <Button appearance="subtle" disabled={busy} onClick={() => void request()}>
                  {t('account.otp.request')}
                </Button>
              </>
            ) : (
              <Button
                className={styles.submit}
                type="submit"
                appearance="primary"
                size="large"
                disabled={busy || otp.channelName === ''}
                icon={busy ? <Spinner size="tiny" /> : undefined}
              >
                {busy ? t('account.otp.requesting') : t('account.otp.request')}
              </Button>
            )}
          </>
        )}
        <Button appearance="secondary" onClick={cancel} disabled={busy}>
          {t('account.otp.backToLogin')}
        </Button>
      </form>
    </AccountLayout>
  );
});

export default LoginPage;
