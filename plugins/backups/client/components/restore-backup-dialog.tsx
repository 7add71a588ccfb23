import { Field, Input, Radio, RadioGroup, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, readApiError, useNotify } from '@sensorium/core/client';
import { RestoreBackupInput, type Backup } from '../../common';
import type { BackupApi } from '../backup-api';
import { fieldError } from '../validation';

type Target = 'same' | 'other';

/** Asks before restoring, and where to: over this application's data, or into a new application id. */
export function RestoreBackupDialog(props: { appId: string; backup: Backup; api: BackupApi; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [target, setTarget] = useState<Target>('same');
  const [newId, setNewId] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const idError = target === 'other' ? (fieldError(RestoreBackupInput, { targetAppId: newId }, 'targetAppId') ?? null) : null;
  const missingId = target === 'other' && newId === '';

  const restore = async () => {
    setBusy(true);
    setServerError(null);
    try {
      await props.api.restore(props.appId, props.backup.folder, target === 'other' ? newId : undefined);
      notify({ intent: 'success', title: t('backups.restore.done'), body: t('backups.restore.doneBody') });
      props.onClose();
    } catch (cause) {
      const apiError = await readApiError(cause);
      if (apiError?.field === 'targetAppId') setServerError(apiError.message);
      else notify({ intent: 'error', title: t('backups.restore.failed'), body: apiError?.message });
      setBusy(false);
    }
  };

  const validation = serverError ?? (touched && (missingId ? t('validation.isNotEmpty') : idError && t(idError)));
  return (
    <ConfirmDialog
      title={t('backups.restore.title')}
      confirmLabel={t('backups.restore.confirm')}
      busy={busy}
      invalid={missingId || idError !== null}
      onConfirm={() => void restore()}
      onCancel={props.onClose}
    >
      <Field label={t('backups.restore.target')}>
        <RadioGroup value={target} onChange={(_, data) => setTarget(data.value as Target)}>
          <Radio value="same" label={t('backups.restore.same')} />
          <Radio value="other" label={t('backups.restore.other')} />
        </RadioGroup>
      </Field>
      {target === 'same' && <Text block>{t('backups.restore.warning', { name: props.backup.description })}</Text>}
      {target === 'other' && (
        <Field label={t('backups.restore.newId')} required validationMessage={validation || undefined}>
          <Input
            value={newId}
            maxLength={64}
            onChange={(_, data) => {
              setNewId(data.value);
              setServerError(null);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
          />
        </Field>
      )}
    </ConfirmDialog>
  );
}
