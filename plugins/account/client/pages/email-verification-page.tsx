import { Body1, Button, Link, MessageBar, MessageBarBody, Spinner, Title2 } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useNotify } from '@sensorium/core/client';
import { AccountLayout } from '../components/account-layout';
import { CodeInput } from '../components/code-input';
import { SubmitButton } from '../components/form-parts';
import { useFormStyles } from '../components/form-styles';
import { useAccountApi, useFailureText } from '../components/hooks';
import { useCountdown } from '../components/use-countdown';
import { describeFailure } from '../lib/account-api';
import { codeOf, emptyCode, isCodeComplete } from '../lib/code-boxes';
import { RESEND_COOLDOWN_SECONDS, formatCountdown, secondsFromMinutes, secondsUntil } from '../lib/countdown';
import { verificationFailure, verificationUnsuccessful } from '../lib/messages';
import { saveVerifiedEmail } from '../lib/session-keys';

type Status = 'checking' | 'invalid' | 'ready';

/**
 * E-mail verification (accounts spec §2, §4, §5, §8): the token is checked on load; the code goes into six boxes
 * while a countdown runs to its expiry; Verify stores verifiedEmail and opens the company information page.
 */
export default function EmailVerificationPage() {
  const { token } = useParams();
  if (!token) return <Navigate to="/auth/sign-up" replace />;
  return <EmailVerification key={token} token={token} />;
}

function EmailVerification({ token }: { token: string }) {
  const styles = useFormStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const api = useAccountApi();
  const failureText = useFailureText();

  const [status, setStatus] = useState<Status>('checking');
  const [email, setEmail] = useState('');
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [codeInvalid, setCodeInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [secondsLeft, setSecondsLeft] = useCountdown();
  const [cooldown, setCooldown] = useCountdown();

  useEffect(() => {
    let active = true;
    api.validateSignupToken(token).then(
      (answer) => {
        if (!active) return;
        setEmail(answer.email ?? '');
        setSecondsLeft(secondsUntil(answer.expiresAt));
        setStatus('ready');
      },
      () => active && setStatus('invalid'),
    );
    return () => {
      active = false;
    };
  }, [api, token, setSecondsLeft]);

  const complete = isCodeComplete(digits);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (verifying) return;
    setError(null);
    setInfo(null);
    if (!token || !complete) {
      setError(t('account.verification.error.missingTokenOrPin'));
      return;
    }
    if (!email) {
      notify({ intent: 'error', title: t('account.verification.error.missingEmail') });
      await navigate('/auth/sign-up');
      return;
    }
    setVerifying(true);
    try {
      const result = await api.verifySignupEmail(email, token, codeOf(digits));
      if (!result.success) {
        setCodeInvalid(true);
        setError(failureText(verificationUnsuccessful(result.message)));
        return;
      }
      saveVerifiedEmail(email);
      await navigate('/auth/account-company-information');
    } catch (caught) {
      const { status: httpStatus, message } = await describeFailure(caught);
      setCodeInvalid(true);
      setError(failureText(verificationFailure(httpStatus, message)));
    } finally {
      setVerifying(false);
    }
  };

  const resend = async () => {
    setError(null);
    setInfo(null);
    if (!email) {
      setError(t('account.verification.error.resendNoEmail'));
      return;
    }
    // Blocked for 30 s from the click; re-enabled at once if the resend fails.
    setCooldown(RESEND_COOLDOWN_SECONDS);
    try {
      const answer = await api.resendSignupOtp(email, token);
      setDigits(emptyCode());
      setCodeInvalid(false);
      setSecondsLeft(secondsFromMinutes(answer.validMinutes));
      setInfo(t('account.verification.resent', { email }));
    } catch (caught) {
      setCooldown(0);
      setError((await describeFailure(caught)).message ?? t('account.verification.error.resendFailed'));
    }
  };

  if (status === 'checking') {
    return (
      <AccountLayout>
        <Spinner label={t('account.verification.checking')} />
      </AccountLayout>
    );
  }

  if (status === 'invalid') {
    return (
      <AccountLayout>
        <div className={styles.center}>
          <Title2 as="h1">{t('account.verification.invalidTitle')}</Title2>
          <MessageBar intent="error" role="alert" className={styles.full}>
            <MessageBarBody>{t('account.verification.invalid')}</MessageBarBody>
          </MessageBar>
          <Body1 className={styles.muted}>{t('account.verification.invalidHint')}</Body1>
          <Button appearance="primary" onClick={() => void navigate('/auth/sign-up')}>
            {t('account.verification.backToSignUp')}
          </Button>
        </div>
      </AccountLayout>
    );
  }

  return (
    <AccountLayout>
      <form className={styles.form} onSubmit={(event) => void verify(event)} noValidate>
        <div className={styles.intro}>
          <Title2 as="h1">{t('account.verification.title')}</Title2>
          <Body1 className={styles.subtitle}>
            <Trans i18nKey="account.verification.sentTo" values={{ email }} components={{ strong: <strong /> }} />
          </Body1>
        </div>
        {error && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        {info && (
          <MessageBar intent="success">
            <MessageBarBody>{info}</MessageBarBody>
          </MessageBar>
        )}
        <CodeInput
          digits={digits}
          invalid={codeInvalid}
          disabled={verifying}
          onChange={(next) => {
            setDigits(next);
            setCodeInvalid(false);
          }}
        />
        <Body1 className={styles.center} aria-live="polite">
          {secondsLeft > 0
            ? t('account.verification.expiresIn', { time: formatCountdown(secondsLeft) })
            : `${formatCountdown(0)} · ${t('account.verification.expired')}`}
        </Body1>
        <SubmitButton
          busy={verifying}
          disabled={!complete || verifying}
          label={t('account.verification.verify')}
          busyLabel={t('account.verification.verifying')}
        />
        <Body1 className={styles.center}>
          {cooldown > 0 ? (
            <span className={styles.muted} role="status">
              {t('account.verification.cooldown', { seconds: cooldown })}
            </span>
          ) : (
            <span>
              <span className={styles.muted}>{t('account.verification.noCode')} </span>
              <Link as="button" type="button" inline onClick={() => void resend()}>
                {t('account.verification.resend')}
              </Link>
            </span>
          )}
        </Body1>
      </form>
    </AccountLayout>
  );
}
