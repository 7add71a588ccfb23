import { Body1, Field, Input, Title2 } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountLayout } from '../components/account-layout';
import { SubmitButton } from '../components/form-parts';
import { useFormStyles } from '../components/form-styles';
import { SIGNUP_ERRORS, validateEmail } from '../lib/validation';
import { useAccountStore } from '../stores';

export const EMAIL_SENT_PATH = '/auth/forgot-password/email-sent';

/**
 * Forgot password (accounts spec §2, §4, §5): the e-mail must be given, well-formed and known (a failed check lets
 * the flow continue); then the reset e-mail is requested and the e-mail-sent page opens with the link's validity.
 */
const ForgotPasswordPage = observer(function ForgotPasswordPage() {
  const styles = useFormStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forgot = useAccountStore().forgotPassword;

  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => forgot.reset(), [forgot]);

  const checking = forgot.request.pending;
  const formatError = submitted ? validateEmail(email) : null;
  const error = formatError ?? (forgot.notFound ? SIGNUP_ERRORS.emailNotFound : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    setSubmitted(true);
    forgot.emailEdited();
    if (validateEmail(email)) return;
    const address = email.trim();
    const sent = await forgot.submit(address);
    if (sent) await navigate(EMAIL_SENT_PATH, { state: { email: address, validMinutes: sent.validMinutes } });
  };

  return (
    <AccountLayout back="/auth/login" showLanguage={false}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.intro}>
          <Title2 as="h1">{t('account.forgot.title')}</Title2>
          <Body1 className={styles.subtitle}>{t('account.forgot.subtitle')}</Body1>
        </div>
        <Field
          label={t('account.forgot.email')}
          required
          validationState={error ? 'error' : 'none'}
          validationMessage={error ? t(`account.${error}`) : undefined}
        >
          <Input
            type="email"
            value={email}
            autoComplete="email"
            autoFocus
            onChange={(_event, data) => {
              setEmail(data.value);
              forgot.emailEdited();
            }}
          />
        </Field>
        <SubmitButton busy={checking} label={t('account.forgot.continue')} busyLabel={t('account.forgot.checking')} />
      </form>
    </AccountLayout>
  );
});

export default ForgotPasswordPage;
