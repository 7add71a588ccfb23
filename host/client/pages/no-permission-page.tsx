import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { consoleRoutes, useRouteRef, useSession } from '@sensorium/core/client';
import { StatusPage } from './status-page';

/** The 403 page: No Permission / You have no permission to access this page., with Go Home (/home) and Logout. */
export default function NoPermissionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const login = useRouteRef(consoleRoutes.login);
  const logout = async () => {
    await session.logout();
    await navigate(login);
  };
  return (
    <StatusPage
      code="403"
      title={t('shell.pages.noPermission.title')}
      message={t('shell.pages.noPermission.message')}
      actions={
        <>
          <Button appearance="primary" onClick={() => void navigate('/home')}>
            {t('shell.pages.goHome')}
          </Button>
          <Button onClick={() => void logout()}>{t('shell.pages.logout')}</Button>
        </>
      }
    />
  );
}
