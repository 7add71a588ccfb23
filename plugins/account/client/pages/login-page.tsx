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
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { SESSION_EXPIRED_PATH, readApiError, useConsole, useLicence, useSession, useSystemInfo } from '@sensorium/core/client';
import { LICENCES } from '@sensorium/core/common';
import { AccountLayout } from '../components/account-layout';
import { RouteLink } from '../components/route-link';
import { useAccountApi } from '../components/hooks';
import { pageAfterLogin, type OtpChannel, type OtpRequestAnswer, type SessionAnswer } from '../lib/account-api';
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH, canSubmitLogin } from '../lib/validation';

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

interface OtpState {
  username: string;
  channels: OtpChannel[];
  channelName: string;
  requested: OtpRequestAnswer | null;
  code: string;
  /** The code was submitted empty. */
  codeMissing: boolean;
  busy: boolean;
  error: string | null;
}

/**
 * The login page (accounts spec §2, §4, §5, §8), also shown at /auth/session-expired with a session-expired message.
 * A refused login shows the server's message in red and focuses the password. A user with the second factor on
 * chooses a channel, requests a one-time password and enters it.
 */
export default function LoginPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const { tokens } = useConsole();
  const api = useAccountApi();
  const systemInfo = useSystemInfo();
  const signUpLicensed = useLicence(LICENCES.signUp);
  const passwordInput = useRef<HTMLInputElement>(null);
  // The line shows only when the deployment names a support address.
  const { supportEmail } = systemInfo;

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [otp, setOtp] = useState<OtpState | null>(null);

  const sessionExpired = pathname.startsWith(SESSION_EXPIRED_PATH);
  const canSubmit = canSubmitLogin(username, password, submitting);

  const finishLogin = async (answer: SessionAnswer) => {
    tokens.clear();
    tokens.save(answer, rememberMe);
    await session.loadMe();
    await navigate(pageAfterLogin(answer), { replace: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setError(null);
    try {
      const answer = await api.login({ username: username.trim(), password, rememberMe });
      if (answer.otpFlag) {
        const channels = answer.otpInfo?.channels ?? [];
        setOtp({
          username: username.trim(),
          channels,
          channelName: channels[0]?.channelName ?? '',
          requested: null,
          code: '',
          codeMissing: false,
          busy: false,
          error: null,
        });
        setSubmitting(false);
        return;
      }
      await finishLogin(answer);
    } catch (caught) {
      setError((await readApiError(caught))?.message ?? t('account.login.failed'));
      setSubmitting(false);
      passwordInput.current?.focus();
    }
  };

  if (otp) {
    return (
      <OtpStep
        otp={otp}
        update={(change) => setOtp((current) => (current ? { ...current, ...change } : current))}
        cancel={() => {
          setOtp(null);
          setPassword('');
        }}
        request={async () => {
          setOtp((current) => current && { ...current, busy: true, error: null });
          try {
            const requested = await api.requestLoginOtp(otp.username, otp.channelName);
            setOtp((current) => current && { ...current, busy: false, requested, code: '', codeMissing: false });
          } catch (caught) {
            const message = (await readApiError(caught))?.message ?? t('account.login.failed');
            setOtp((current) => current && { ...current, busy: false, error: t('account.otp.requestFailed', { message }) });
          }
        }}
        verify={async () => {
          const code = otp.code.trim();
          if (code === '') {
            setOtp((current) => current && { ...current, codeMissing: true });
            return;
          }
          const channelName = otp.requested?.channelName ?? otp.channelName;
          setOtp((current) => current && { ...current, busy: true, error: null, codeMissing: false });
          try {
            await finishLogin(await api.verifyLoginOtp(otp.username, channelName, code));
          } catch (caught) {
            const message = (await readApiError(caught))?.message ?? t('account.login.failed');
            setOtp((current) => current && { ...current, busy: false, error: t('account.otp.verifyFailed', { message }) });
          }
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
}

interface OtpStepProps {
  otp: OtpState;
  update(change: Partial<OtpState>): void;
  cancel(): void;
  request(): Promise<void>;
  verify(): Promise<void>;
}

/** The second factor: choose a channel, request the code, enter it and verify (accounts spec §4 Login). */
function OtpStep({ otp, update, cancel, request, verify }: OtpStepProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const channelLabel = (channel: OtpChannel) =>
    `${t(`account.otp.channel.${channel.channelName}`, { defaultValue: channel.channelName })} (${channel.channelContact})`;

  return (
    <AccountLayout>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (otp.busy) return;
          void (otp.requested ? verify() : request());
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
            {otp.error && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody className={styles.error}>{otp.error}</MessageBarBody>
              </MessageBar>
            )}
            <Field label={t('account.otp.channels')}>
              <RadioGroup
                value={otp.channelName}
                disabled={otp.busy}
                onChange={(_event, data) => update({ channelName: data.value, requested: null, code: '', codeMissing: false })}
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
                  validationState={otp.codeMissing ? 'error' : 'none'}
                  validationMessage={otp.codeMissing ? t('account.otp.codeRequired') : undefined}
                >
                  <Input
                    value={otp.code}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    autoFocus
                    onChange={(_event, data) => update({ code: data.value, codeMissing: false })}
                  />
                </Field>
                <Button
                  className={styles.submit}
                  type="submit"
                  appearance="primary"
                  size="large"
                  disabled={otp.busy}
                  icon={otp.busy ? <Spinner size="tiny" /> : undefined}
                >
                  {otp.busy ? t('account.otp.verifying') : t('account.otp.verify')}
                </Button>
                <Button appearance="subtle" disabled={otp.busy} onClick={() => void request()}>
                  {t('account.otp.request')}
                </Button>
              </>
            ) : (
              <Button
                className={styles.submit}
                type="submit"
                appearance="primary"
                size="large"
                disabled={otp.busy || otp.channelName === ''}
                icon={otp.busy ? <Spinner size="tiny" /> : undefined}
              >
                {otp.busy ? t('account.otp.requesting') : t('account.otp.request')}
              </Button>
            )}
          </>
        )}
        <Button appearance="secondary" onClick={cancel} disabled={otp.busy}>
          {t('account.otp.backToLogin')}
        </Button>
      </form>
    </AccountLayout>
  );
}
