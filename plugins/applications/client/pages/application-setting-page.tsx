import { makeStyles, Spinner, Tab, TabList, Title3, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useContributions } from '@sensorium/core/client';
import { applicationSettingTabs } from '../../common';
import { useApplications } from '../use-applications';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Four or more contributed tabs are wider than a phone: they wrap onto a second line rather than widen the page.
  tabs: { flexWrap: 'wrap' },
});

/**
 * Application Setting (shell spec §2.8): the tabs every plugin contributes (Overview here, Data Backup from the backups
 * plugin), in their order. An unknown or invisible application answers 404, and the HTTP client opens /auth/not-found.
 */
const ApplicationSettingPage = observer(function ApplicationSettingPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const appId = useParams().app_id ?? '';
  const { detail } = useApplications();
  const contributed = useContributions(applicationSettingTabs);
  const tabs = useMemo(() => [...contributed].sort((a, b) => a.order - b.order), [contributed]);
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => void detail.open(appId), [detail, appId]);

  const app = detail.appId === appId ? detail.app : null;
  if (!app) return <Spinner size="small" />;
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];

  return (
    <section className={styles.page}>
      <Title3 as="h1">
        {t('applications.setting.title')}: {app.name}
      </Title3>
      <TabList className={styles.tabs} selectedValue={current?.id} onTabSelect={(_, data) => setSelected(String(data.value))}>
        {tabs.map((tab) => (
          <Tab key={tab.id} value={tab.id}>
            {t(tab.titleKey)}
          </Tab>
        ))}
      </TabList>
      {current && <current.component key={`${current.id}:${appId}`} appId={appId} />}
    </section>
  );
});

export default ApplicationSettingPage;
