import { Field, Input, MessageBar, MessageBarBody, ProgressBar } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, readApiError, usePush } from '@sensorium/core/client';
import { BACKUP_PROGRESS_TOPIC, CreateBackupInput, type BackupProgress } from '../../common';
import type { BackupApi } from '../backup-api';
import { fieldError } from '../validation';

/**
 * The Create Backup modal: a required description, then progress while the server writes the zip (driven by the
 * backup-progress push topic, indeterminate until the first message), and the error in place when it fails.
 */
export function CreateBackupDialog(props: { appId: string; api: BackupApi; onCreated(): void; onClose(): void }) {
  const { t } = useTranslation();
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [creating, setCreating] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const error = fieldError(CreateBackupInput, { description: description.trim() }, 'description');

  usePush<BackupProgress>(BACKUP_PROGRESS_TOPIC, (progress) => {
    if (creating && progress.appId === props.appId) setPercent(progress.percent);
  });

  const create = async () => {
    setTouched(true);
    if (error) return;
    setCreating(true);
    setPercent(null);
    setFailure(null);
    try {
      await props.api.create(props.appId, description.trim());
      props.onCreated();
    } catch (cause) {
      setFailure((await readApiError(cause))?.message ?? t('backups.createFailed'));
      setCreating(false);
    }
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
          <MessageBarBody>{failure}</MessageBarBody>
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
          validationMessage={percent === null ? undefined : t('backups.progress', { percent })}
        >
          <ProgressBar value={percent === null ? undefined : percent / 100} />
        </Field>
      )}
    </ConfirmDialog>
  );
}
