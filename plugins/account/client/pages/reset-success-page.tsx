import { Body1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountLayout } from '../components/account-layout';
import { ResultPanel } from '../components/result-panel';

/** Password changed (accounts spec §2): image, heading, message and a Login button. */
export default function ResetSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AccountLayout>
      <ResultPanel
        heading={t('account.resetSuccess.heading')}
        action={{ label: t('account.resetSuccess.login'), onClick: () => void navigate('/auth/login') }}
      >
        <Body1>{t('account.resetSuccess.message')}</Body1>
      </ResultPanel>
    </AccountLayout>
  );
}
