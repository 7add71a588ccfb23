import { Field, Input, Select } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, type RequestState } from '@sensorium/core/client';
import { splitTags } from '../form';

/** How a user is offered in a choice: `username (name)`, or the username alone. */
export const userChoiceLabel = (user: { username: string; name: string | null }) =>
  user.name ? `${user.username} (${user.name})` : user.username;

/** The message of a dialog's failed save: the server's, or a general text. */
export function useSaveError(request: RequestState): string | undefined {
  const { t } = useTranslation();
  return request.failure ? (request.failure.message ?? t('users.errors.generic')) : undefined;
}

/** A select of the caller's users or groups (optionally with device tags), with an error under it. */
export const ChooseDialog = observer(function ChooseDialog(props: {
  title: string;
  label: string;
  confirmLabel?: string;
  choices: { id: string; label: string }[];
  withTags?: boolean;
  requiredMessage: string;
  /** The save's state: busy while it runs, its failure shown under the choice. */
  request: RequestState;
  onSave(id: string, tags: string[]): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [id, setId] = useState('');
  const [tags, setTags] = useState('');
  const [missing, setMissing] = useState(false);
  const saveError = useSaveError(props.request);
  const save = () => {
    setMissing(!id);
    if (id) void props.onSave(id, splitTags(tags));
  };
  return (
    <ConfirmDialog
      title={props.title}
      confirmLabel={props.confirmLabel ?? t('users.common.save')}
      busy={props.request.pending}
      onConfirm={save}
      onCancel={props.onClose}
    >
      <Field label={props.label} required validationMessage={missing ? props.requiredMessage : saveError}>
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
});
