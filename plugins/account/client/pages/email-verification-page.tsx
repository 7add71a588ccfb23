import { Body1, Button, Link, MessageBar, MessageBarBody, Spinner, Title2 } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useNotify } from '@sensorium/core/client';
import { AccountLayout } from '../components/account-layout';
import { CodeInput } from '../components/code-input';
import { SubmitButton } from '../components/form-parts';
import { useFormStyles } from '../components/form-styles';
import { useFailureText } from '../components/hooks';
import { useTicker } from '../components/use-ticker';
import { emptyCode, isCodeComplete } from '../lib/code-boxes';
import { formatCountdown } from '../lib/countdown';
import { useAccountStore } from '../stores';

/**
 * E-mail verification (accounts spec §2, §4, §5, §8): the token is checked on load; the code goes into six boxes
 * while a countdown runs to its expiry; Verify stores verifiedEmail and opens the company information page.
 */
export default function EmailVerificationPage() {
  const { token } = useParams();
  if (!token) return <Navigate to="/auth/sign-up" replace />;
  return <EmailVerification key={token} token={token} />;
}

const EmailVerification = observer(function EmailVerification({ token }: { token: string }) {
  const styles = useFormStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const verification = useAccountStore().verification;
  const failureText = useFailureText();

  const [digits, setDigits] = useState<string[]>(emptyCode);
  useTicker(verification.ticking, verification.tick);
  const { secondsLeft, cooldown } = verification;
  // Until the check of this token has started, the store may still hold the previous one's.
  const status = verification.token === token ? verification.status : 'checking';
  const { email } = verification;
  const verifying = verification.verifying.pending;
  const error = verification.error ? failureText(verification.error) : null;
  const info = verification.resentTo ? t('account.verification.resent', { email: verification.resentTo }) : null;

  useEffect(() => void verification.open(token), [verification, token]);

  const complete = isCodeComplete(digits);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (verifying) return;
    const result = await verification.verify(digits);
    if (result === 'missing-email') {
      notify({ intent: 'error', title: t('account.verification.error.missingEmail') });
      await navigate('/auth/sign-up');
    } else if (result === 'verified') {
      await navigate('/auth/account-company-information');
    }
  };

  const resend = async () => {
    if (await verification.resend()) setDigits(emptyCode());
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
          invalid={verification.codeInvalid}
          disabled={verifying}
          onChange={(next) => {
            setDigits(next);
            verification.codeEdited();
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
});
