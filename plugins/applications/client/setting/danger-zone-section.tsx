import { Button, Field, Input, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog, useNotify } from '@sensorium/core/client';
import { useApplications } from '../use-applications';

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalM,
    border: `1px solid ${tokens.colorPaletteRedBorder2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  danger: { backgroundColor: tokens.colorPaletteRedBackground3, color: tokens.colorNeutralForegroundOnBrand },
});

/** Danger zone (shell spec §2.8, §4, §5, §8): delete the application after typing its exact id. */
export const DangerZoneSection = observer(function DangerZoneSection(props: { appId: string; canChange: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const applications = useApplications();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setTyped('');
    setError(null);
  };
  const confirm = async () => {
    if (typed === '') return setError(t('applications.delete.empty'));
    if (typed !== props.appId) return setError(t('applications.delete.mismatch'));
    const outcome = await applications.deleteApplication();
    close();
    if (outcome.ok) {
      notify({ intent: 'success', title: t('applications.delete.deletedTitle'), body: t('applications.delete.deletedBody') });
      void navigate('/application/application-list');
    } else {
      notify({ intent: 'error', title: t('applications.delete.errorTitle'), body: t('applications.delete.notDeleted') });
    }
  };

  return (
    <section className={styles.section} aria-label={t('applications.setting.dangerZone')}>
      <Subtitle2 as="h2">{t('applications.setting.dangerZone')}</Subtitle2>
      <Button className={styles.danger} icon={<DeleteRegular />} disabled={!props.canChange} onClick={() => setOpen(true)}>
        {t('applications.setting.deleteApp')}
      </Button>
      {open && (
        <ConfirmDialog
          title={t('applications.delete.title')}
          message={t('applications.delete.text')}
          confirmLabel={t('applications.delete.confirm')}
          busy={applications.detail.deleting.pending}
          onConfirm={() => void confirm()}
          onCancel={() => {
            notify({ intent: 'info', title: t('applications.delete.cancelledTitle'), body: t('applications.delete.notDeleted') });
            close();
          }}
        >
          <Field label={t('applications.delete.prompt', { id: props.appId })} validationMessage={error ?? undefined}>
            <Input value={typed} autoFocus onChange={(_, data) => setTyped(data.value)} />
          </Field>
        </ConfirmDialog>
      )}
    </section>
  );
});
