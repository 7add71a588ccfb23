import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { AccountLayout } from '../components/account-layout';
import { ResultPanel } from '../components/result-panel';
import emailSentImage from '../assets/email-sent.svg';

/** The reset link was sent (accounts spec §2): image (falls back to the success image), title, HTML message, back to login. */
export default function EmailSentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const email = state && typeof state === 'object' && 'email' in state && typeof state.email === 'string' ? state.email : '';
  return (
    <AccountLayout back="/auth/login">
      <ResultPanel
        image={emailSentImage}
        heading={t('account.emailSent.title')}
        html={
          email
            ? t('account.emailSent.message', { email, interpolation: { escapeValue: true } })
            : t('account.emailSent.messageNoEmail')
        }
        action={{ label: t('account.emailSent.backToLogin'), onClick: () => void navigate('/auth/login') }}
      />
    </AccountLayout>
  );
}
