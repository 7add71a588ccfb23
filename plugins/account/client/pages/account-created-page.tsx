import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountLayout } from '../components/account-layout';
import { ResultPanel } from '../components/result-panel';

/** Account Created (accounts spec §2): success image, header, HTML message and a login button. */
export default function AccountCreatedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AccountLayout>
      <ResultPanel
        heading={t('account.created.header')}
        html={t('account.created.message')}
        action={{ label: t('account.created.login'), onClick: () => void navigate('/auth/login') }}
      />
    </AccountLayout>
  );
}
