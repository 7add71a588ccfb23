import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { AccountLayout } from '../components/account-layout';
import { ResultPanel } from '../components/result-panel';
import { emailSentMessage, emailSentState } from '../lib/email-sent';
import emailSentImage from '../assets/email-sent.svg';

/**
 * The reset link was sent (accounts spec §2): image (falls back to the success image), title, HTML message with the
 * link's validity as the server answered it, back to login.
 */
export default function EmailSentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = emailSentState(useLocation().state);
  return (
    <AccountLayout back="/auth/login">
      <ResultPanel
        image={emailSentImage}
        heading={t('account.emailSent.title')}
        html={emailSentMessage(t, state)}
        action={{ label: t('account.emailSent.backToLogin'), onClick: () => void navigate('/auth/login') }}
      />
    </AccountLayout>
  );
}
