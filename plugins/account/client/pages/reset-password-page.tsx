import { Body1, Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Title2 } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { AccountLayout } from '../components/account-layout';
import { PasswordFields, SubmitButton } from '../components/form-parts';
import { useFormStyles } from '../components/form-styles';
import { useAccountApi } from '../components/hooks';
import { hasErrors, validateReset, type FormErrors, type ResetForm } from '../lib/validation';

type TokenState = { status: 'checking' } | { status: 'invalid'; messageKey: string } | { status: 'valid'; email: string };

/**
 * Reset password from the e-mailed link (accounts spec §2, §4, §5, §8): the token is checked, then a new password
 * (at least 8 characters, confirmed) is set. Errors show after the first submit and are recomputed on each submit.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <Navigate to="/auth/forgot-password/enter-email" replace />;
  return <ResetPassword key={token} token={token} />;
}

function ResetPassword({ token }: { token: string }) {
  const styles = useFormStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const api = useAccountApi();

  const [tokenState, setTokenState] = useState<TokenState>({ status: 'checking' });
  const [form, setForm] = useState<ResetForm>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FormErrors<ResetForm>>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    api.checkResetToken(token).then(
      (answer) => {
        if (!active) return;
        setTokenState(
          answer.isValid
            ? { status: 'valid', email: answer.email ?? '' }
            : { status: 'invalid', messageKey: 'account.reset.invalid' },
        );
      },
      () => active && setTokenState({ status: 'invalid', messageKey: 'account.reset.checkFailed' }),
    );
    return () => {
      active = false;
    };
  }, [api, token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || tokenState.status !== 'valid') return;
    setFailed(false);
    const found = validateReset(form);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const result = await api.resetPassword(tokenState.email, token, form.password);
      if (!result.success) throw new Error('reset refused');
      await navigate('/auth/forgot-password/success', { replace: true });
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  let content;
  if (tokenState.status === 'checking') {
    content = <Spinner label={t('account.reset.verifying')} />;
  } else if (tokenState.status === 'invalid') {
    content = (
      <div className={styles.center}>
        <MessageBar intent="error" role="alert" layout="multiline" className={styles.full}>
          <MessageBarBody>
            <MessageBarTitle>{t('account.reset.invalidTitle')}</MessageBarTitle>
            {t(tokenState.messageKey)}
          </MessageBarBody>
        </MessageBar>
        <Button appearance="primary" onClick={() => void navigate('/auth/forgot-password')}>
          {t('account.reset.requestNew')}
        </Button>
      </div>
    );
  } else {
    content = (
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.intro}>
          <Title2 as="h1">{t('account.reset.title')}</Title2>
          {tokenState.email && (
            <Body1 className={styles.subtitle}>{t('account.reset.subtitle', { email: tokenState.email })}</Body1>
          )}
        </div>
        {failed && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{t('account.reset.failed')}</MessageBarBody>
          </MessageBar>
        )}
        <PasswordFields
          labels={{ password: t('account.reset.newPassword'), confirmPassword: t('account.reset.confirmPassword') }}
          values={form}
          errors={errors}
          autoFocus
          onChange={(field, value) => setForm((current) => ({ ...current, [field]: value }))}
        />
        <SubmitButton busy={busy} label={t('account.reset.submit')} busyLabel={t('account.reset.submitting')} />
      </form>
    );
  }

  return <AccountLayout>{content}</AccountLayout>;
}
