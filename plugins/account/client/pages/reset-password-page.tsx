import { Body1, Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Title2 } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { AccountLayout } from '../components/account-layout';
import { PasswordFields, SubmitButton } from '../components/form-parts';
import { useFormStyles } from '../components/form-styles';
import { hasErrors, validateReset, type FormErrors, type ResetForm } from '../lib/validation';
import { useAccountStore } from '../stores';

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

const ResetPassword = observer(function ResetPassword({ token }: { token: string }) {
  const styles = useFormStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useAccountStore().resetPassword;

  const [form, setForm] = useState<ResetForm>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FormErrors<ResetForm>>({});
  // Until the check of this token has started, the store may still hold the previous one's.
  const status = reset.token === token ? reset.status : 'checking';
  const busy = reset.request.pending;

  useEffect(() => void reset.open(token), [reset, token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || status !== 'valid') return;
    reset.setFailed(false);
    const found = validateReset(form);
    setErrors(found);
    if (hasErrors(found)) return;
    if (await reset.submit(form.password)) await navigate('/auth/forgot-password/success', { replace: true });
  };

  let content;
  if (status === 'checking') {
    content = <Spinner label={t('account.reset.verifying')} />;
  } else if (status === 'invalid') {
    content = (
      <div className={styles.center}>
        <MessageBar intent="error" role="alert" layout="multiline" className={styles.full}>
          <MessageBarBody>
            <MessageBarTitle>{t('account.reset.invalidTitle')}</MessageBarTitle>
            {t(reset.invalidKey ?? 'account.reset.invalid')}
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
          {reset.email && <Body1 className={styles.subtitle}>{t('account.reset.subtitle', { email: reset.email })}</Body1>}
        </div>
        {reset.failed && (
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
});
