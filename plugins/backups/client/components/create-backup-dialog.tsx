import { Field, Input, MessageBar, MessageBarBody, ProgressBar } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, usePush } from '@sensorium/core/client';
import { BACKUP_PROGRESS_TOPIC, CreateBackupInput, type BackupProgress } from '../../common';
import { useBackups } from '../use-backups';
import { fieldError } from '../validation';

/**
 * The Create Backup modal: a required description, then progress while the server writes the zip (the store follows
 * the backup-progress push topic; indeterminate until the first message), and the error in place when it fails.
 */
export const CreateBackupDialog = observer(function CreateBackupDialog(props: { onCreated(): void; onClose(): void }) {
  const { t } = useTranslation();
  const store = useBackups();
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const error = fieldError(CreateBackupInput, { description }, 'description');
  const creating = store.creating.pending;
  const failure = store.creating.failure;

  usePush<BackupProgress>(BACKUP_PROGRESS_TOPIC, (progress) => store.onProgress(progress));
  // A failure of an earlier attempt is not this dialog's.
  useEffect(() => store.creating.clear(), [store]);

  const create = async () => {
    setTouched(true);
    if (error) return;
    const outcome = await store.create(description.trim());
    if (outcome.ok) props.onCreated();
  };

  return (
    <ConfirmDialog
      title={t('backups.create')}
      confirmLabel={t('backups.create')}
      busy={creating}
      invalid={touched && error !== null}
      onConfirm={() => void create()}
      onCancel={props.onClose}
    >
      {failure && (
        <MessageBar intent="error">
          <MessageBarBody>{failure.message ?? t('backups.createFailed')}</MessageBarBody>
        </MessageBar>
      )}
      <Field label={t('backups.description')} required validationMessage={touched && error ? t(error) : undefined}>
        <Input
          value={description}
          autoFocus
          maxLength={500}
          disabled={creating}
          onChange={(_, data) => setDescription(data.value)}
          onBlur={() => setTouched(true)}
        />
      </Field>
      {creating && (
        <Field
          label={t('backups.creating')}
          validationState="none"
          validationMessage={store.progress === null ? undefined : t('backups.progress', { percent: store.progress })}
        >
          <ProgressBar value={store.progress === null ? undefined : store.progress / 100} />
        </Field>
      )}
    </ConfirmDialog>
  );
});
