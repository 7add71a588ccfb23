import { Divider, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readApiError, useHttp, useNotify, useSession } from '@sensorium/core/client';
import type { ApplicationDetail, ApplicationSettingTabProps } from '../../common';
import { useSaveIcon } from '../save-icon-state';
import { formFromApplication, formIsValid, savePayload, type SettingForm } from '../setting-form';
import { useApplications } from '../use-applications';
import { BasicSettingSection } from './basic-setting-section';
import { DangerZoneSection } from './danger-zone-section';
import { DisplaySettingSection } from './display-setting-section';
import { SeveritySettingSection } from './severity-setting-section';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, paddingTop: tokens.spacingVerticalM },
});

/** The Overview tab of Application Setting (shell spec §2.8, §4). */
export function OverviewTab({ appId }: ApplicationSettingTabProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const http = useHttp();
  const notify = useNotify();
  const session = useSession();
  const applications = useApplications();
  const saveIcon = useSaveIcon();
  const [app, setApp] = useState<ApplicationDetail | null>(null);
  const [form, setForm] = useState<SettingForm | null>(null);
  const canChange = session.hasPermission('setting');

  const show = (loaded: ApplicationDetail) => {
    setApp(loaded);
    setForm(formFromApplication(loaded));
  };
  useEffect(() => {
    let current = true;
    http
      .get(`application/${encodeURIComponent(appId)}`)
      .json<ApplicationDetail>()
      .then((loaded) => current && show(loaded))
      // The HTTP client has logged it (and sent an unknown application to not-found).
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [http, appId]);

  if (!app || !form) return <Spinner size="small" />;

  const save = () => {
    if (!formIsValid(form)) return;
    void saveIcon.save(async () => {
      try {
        const saved = await http
          .patch(`application/${encodeURIComponent(appId)}`, { json: savePayload(app.setting, form) })
          .json<ApplicationDetail>();
        show(saved);
        void applications.load();
      } catch (error) {
        const body = await readApiError(error);
        notify({ intent: 'error', title: t('applications.setting.saveFailed'), body: body?.message });
        throw error;
      }
    });
  };

  return (
    <div className={styles.tab}>
      <BasicSettingSection
        appId={appId}
        form={form}
        state={saveIcon.state}
        canEdit={canChange}
        onChange={setForm}
        onEdit={saveIcon.edit}
        onSave={save}
        onRevert={() => {
          setForm(formFromApplication(app));
          saveIcon.revert();
        }}
      />
      <SeveritySettingSection form={form} editing={saveIcon.state === 'editing'} onChange={setForm} />
      <Divider />
      <DisplaySettingSection app={app} canChange={canChange} onChanged={show} />
      <Divider />
      <DangerZoneSection appId={appId} canChange={canChange} />
    </div>
  );
}
