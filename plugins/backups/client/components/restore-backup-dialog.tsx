import { Field, Input, Radio, RadioGroup, Text } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useNotify } from '@sensorium/core/client';
import { RestoreBackupInput, type Backup } from '../../common';
import { useBackups } from '../use-backups';
import { fieldError } from '../validation';

type Target = 'same' | 'other';

/** Asks before restoring, and where to: over this application's data, or into a new application id. */
export const RestoreBackupDialog = observer(function RestoreBackupDialog(props: { backup: Backup; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const store = useBackups();
  const [target, setTarget] = useState<Target>('same');
  const [newId, setNewId] = useState('');
  const [touched, setTouched] = useState(false);
  const idError = target === 'other' ? (fieldError(RestoreBackupInput, { targetAppId: newId }, 'targetAppId') ?? null) : null;
  const missingId = target === 'other' && newId === '';
  // The server's word on the id (taken) shows under the field until the id changes.
  const serverError = store.restoring.fieldError('targetAppId') ?? null;

  useEffect(() => store.clearRestoreFailure(), [store]);

  const restore = async () => {
    const outcome = await store.restore(props.backup.folder, target === 'other' ? newId : undefined);
    if (outcome.ok) {
      notify({ intent: 'success', title: t('backups.restore.done'), body: t('backups.restore.doneBody') });
      props.onClose();
    } else if (!outcome.failure.fields.targetAppId) {
      notify({ intent: 'error', title: t('backups.restore.failed'), body: outcome.failure.message ?? undefined });
    }
  };

  const validation = serverError ?? (touched && (missingId ? t('validation.isNotEmpty') : idError && t(idError)));
  return (
    <ConfirmDialog
      title={t('backups.restore.title')}
      confirmLabel={t('backups.restore.confirm')}
      busy={store.restoring.pending}
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
              store.clearRestoreFailure();
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
          />
        </Field>
      )}
    </ConfirmDialog>
  );
});
