import { Field, Input, Select } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@sensorium/core/client';
import { serverFeedback, splitTags } from '../form';

/** How a user is offered in a choice: `username (name)`, or the username alone. */
export const userChoiceLabel = (user: { username: string; name: string | null }) =>
  user.name ? `${user.username} (${user.name})` : user.username;

/** The dialog's saving state: runs the save and shows the server's message (or a general text) when it fails. */
export function useDialogSave() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const run = async (call: () => Promise<void>) => {
    setSaving(true);
    try {
      await call();
    } catch (failure) {
      setError((await serverFeedback(failure))?.message ?? t('users.errors.generic'));
    } finally {
      setSaving(false);
    }
  };
  return { error, setError, saving, run };
}

/** A select of the caller's users or groups (optionally with device tags), with an error under it. */
export function ChooseDialog(props: {
  title: string;
  label: string;
  confirmLabel?: string;
  choices: { id: string; label: string }[];
  withTags?: boolean;
  requiredMessage: string;
  onSave(id: string, tags: string[]): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [id, setId] = useState('');
  const [tags, setTags] = useState('');
  const { error, setError, saving, run } = useDialogSave();
  const save = () => {
    if (!id) setError(props.requiredMessage);
    else void run(() => props.onSave(id, splitTags(tags)));
  };
  return (
    <ConfirmDialog
      title={props.title}
      confirmLabel={props.confirmLabel ?? t('users.common.save')}
      busy={saving}
      onConfirm={save}
      onCancel={props.onClose}
    >
      <Field label={props.label} required validationMessage={error}>
        <Select required={false} value={id} onChange={(_, data) => setId(data.value)}>
          <option value="">—</option>
          {props.choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </Select>
      </Field>
      {props.withTags && (
        <Field label={t('users.fields.deviceTags')} hint={t('users.setup.tagsHelp')}>
          <Input required={false} value={tags} onChange={(_, data) => setTags(data.value)} />
        </Field>
      )}
    </ConfirmDialog>
  );
}
