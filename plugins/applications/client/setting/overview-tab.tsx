import { Divider, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDraft, useNotify, useSession } from '@sensorium/core/client';
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

/** The Overview tab of Application Setting (shell spec §2.8, §4): the application comes from the applications store. */
export const OverviewTab = observer(function OverviewTab({ appId }: ApplicationSettingTabProps) {
  const { detail } = useApplications();
  const saveIcon = useSaveIcon();
  useEffect(() => {
    if (detail.appId !== appId) void detail.open(appId);
  }, [detail, appId]);

  const app = detail.appId === appId ? detail.app : null;
  if (!app) return <Spinner size="small" />;
  return <OverviewForm key={app.id} app={app.plain} saveIcon={saveIcon} />;
});

/**
 * The sections of the tab over the saved application. The form is a draft: it shows each newly saved version (a logo
 * change, a reload) until the user types, then keeps what was typed until it is saved or reverted.
 */
const OverviewForm = observer(function OverviewForm(props: { app: ApplicationDetail; saveIcon: ReturnType<typeof useSaveIcon> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const session = useSession();
  const store = useApplications();
  const { app, saveIcon } = props;
  const draft = useDraft<SettingForm>(formFromApplication(app));
  const form = draft.value;
  const canChange = session.hasPermission('setting');

  const save = () => {
    if (!formIsValid(form)) return;
    void saveIcon.save(async () => {
      const outcome = await store.saveApplication(savePayload(app.setting, form));
      if (!outcome.ok) {
        notify({ intent: 'error', title: t('applications.setting.saveFailed'), body: outcome.failure.message ?? undefined });
        throw new Error('not saved');
      }
      draft.discard();
    });
  };

  return (
    <div className={styles.tab}>
      <BasicSettingSection
        appId={app.id}
        form={form}
        state={saveIcon.state}
        canEdit={canChange}
        onChange={draft.set}
        onEdit={saveIcon.edit}
        onSave={save}
        onRevert={() => {
          draft.discard();
          saveIcon.revert();
        }}
      />
      <SeveritySettingSection form={form} editing={saveIcon.state === 'editing'} onChange={draft.set} />
      <Divider />
      <DisplaySettingSection app={app} canChange={canChange} />
      <Divider />
      <DangerZoneSection appId={app.id} canChange={canChange} />
    </div>
  );
});
