import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { StatusPage } from './status-page';

/** The 404 page: Not Found / The page does not exist., with Go Home (/home). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StatusPage
      code="404"
      title={t('shell.pages.notFound.title')}
      message={t('shell.pages.notFound.message')}
      actions={
        <Button appearance="primary" onClick={() => void navigate('/home')}>
          {t('shell.pages.goHome')}
        </Button>
      }
    />
  );
}
