import {
  Body1,
  Button,
  Caption1,
  Divider,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  Title2,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSystemInfo } from '@sensorium/core/client';
import { AccountLayout } from '../components/account-layout';
import { RouteLink } from '../components/route-link';
import { DocumentModal } from '../components/document-modal';
import { PasswordFields, SubmitButton, useFieldState } from '../components/form-parts';
import { useFormStyles } from '../components/form-styles';
import { useFailureText } from '../components/hooks';
import type { DocumentName } from '../lib/documents';
import { SIGNUP_ERRORS, hasErrors, validateSignUp, type SignUpForm } from '../lib/validation';
import { useAccountStore } from '../stores';

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}

/**
 * Sign-up step 1 (accounts spec §2, §4, §5, §8): e-mail, password and confirmation. Errors show after the first
 * submit; an existing e-mail is refused (a failed check counts as not existing); then a one-time password is
 * requested and the verification page opens with its token.
 */
const SignUpPage = observer(function SignUpPage() {
  const styles = useFormStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signUp = useAccountStore().signUp;
  const failureText = useFailureText();
  const { companyName } = useSystemInfo();

  const [form, setForm] = useState<SignUpForm>({ email: '', password: '', confirmPassword: '' });
  const [submitted, setSubmitted] = useState(false);
  const [openDocument, setOpenDocument] = useState<DocumentName | null>(null);

  useEffect(() => signUp.reset(), [signUp]);

  const busy = signUp.request.pending;
  const alert = signUp.alert ? failureText(signUp.alert) : null;
  const errors = submitted ? validateSignUp(form) : {};
  const emailError = errors.email ?? (signUp.emailExists ? SIGNUP_ERRORS.emailExists : undefined);
  const set = (field: keyof SignUpForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (field === 'email') signUp.emailEdited();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    signUp.clearAlert();
    if (hasErrors(validateSignUp(form))) return;
    const token = await signUp.submit(form.email.trim(), form.password);
    if (token) await navigate(`/auth/email-verification/${encodeURIComponent(token)}`);
  };

  const fieldState = useFieldState();

  return (
    <AccountLayout>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.intro}>
          <Title2 as="h1">{t('account.signUp.title')}</Title2>
          <Body1 className={styles.subtitle}>{t('account.signUp.subtitle', { company: companyName })}</Body1>
        </div>
        {alert && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{alert}</MessageBarBody>
          </MessageBar>
        )}
        <Field label={t('account.signUp.email')} required {...fieldState(emailError)}>
          <Input
            type="email"
            value={form.email}
            autoComplete="email"
            autoFocus
            onChange={(_event, data) => set('email')(data.value)}
          />
        </Field>
        <PasswordFields
          labels={{ password: t('account.signUp.password'), confirmPassword: t('account.signUp.confirmPassword') }}
          values={form}
          errors={errors}
          onChange={(field, value) => set(field)(value)}
        />
        <Caption1 className={styles.muted}>
          <Trans
            i18nKey="account.signUp.agreement"
            components={{
              terms: <Link as="button" type="button" inline onClick={() => setOpenDocument('terms')} />,
              privacy: <Link as="button" type="button" inline onClick={() => setOpenDocument('privacy')} />,
            }}
          />
        </Caption1>
        <SubmitButton busy={busy} label={t('account.signUp.continue')} busyLabel={t('account.signUp.continuing')} />
        <Divider>{t('account.signUp.or')}</Divider>
        {/* Present but inert (accounts spec §2). */}
        <Button className={styles.full} type="button" size="large" icon={<GoogleMark />} onClick={() => undefined}>
          {t('account.signUp.google')}
        </Button>
        <Body1 className={styles.center}>
          <span>
            <span className={styles.muted}>{t('account.signUp.haveAccount')} </span>
            <RouteLink to="/auth/login">{t('account.signUp.login')}</RouteLink>
          </span>
        </Body1>
      </form>
      <DocumentModal name={openDocument} onClose={() => setOpenDocument(null)} />
    </AccountLayout>
  );
});

export default SignUpPage;
