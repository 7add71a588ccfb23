import { Field, Input, Textarea } from '@fluentui/react-components';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog, useNotify } from '@sensorium/core/client';
import { NewApplicationInput, type EndCustomer } from '../../common';
import { useApplications } from '../use-applications';

/** The id check waits for typing to pause. */
const CHECK_DELAY_MS = 400;
type Field = 'id' | 'name';

/** The first error of each field as an i18n key: a decorator's own key, else the core `validation.<rule>` text. */
function fieldErrors(values: NewApplicationInput): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const error of validateSync(plainToInstance(NewApplicationInput, values))) {
    const constraints = Object.entries(error.constraints ?? {});
    const [rule, message] = constraints.find(([name]) => name === 'isNotEmpty' || name === 'isNotBlank') ?? constraints[0] ?? [];
    if (!rule || (error.property !== 'id' && error.property !== 'name')) continue;
    errors[error.property] = message?.startsWith('applications.') ? message : `validation.${rule}`;
  }
  return errors;
}

/**
 * The Create Application modal (shell spec §2.6, §5, §8): id, name, description, and the group's end customer (shown,
 * not changeable). Errors appear once a field is touched; Create is enabled only when the form is valid and the
 * server has confirmed that the id is free (the store's check). Static backdrop.
 */
export const CreateApplicationDialog = observer(function CreateApplicationDialog(props: {
  customer: EndCustomer;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const store = useApplications();
  const creation = store.creation;
  const [values, setValues] = useState({ id: '', name: '', description: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ id: false, name: false });
  const input = { ...values, endCustomerId: props.customer.id } as NewApplicationInput;
  const errors = fieldErrors(input);
  const free = creation.isFree(values.id);
  const checked = free !== undefined;
  if (!errors.id && free === false) errors.id = 'applications.validation.idTaken';

  useEffect(() => creation.reset(), [creation]);
  useEffect(() => {
    if (fieldErrors({ ...values, endCustomerId: props.customer.id } as NewApplicationInput).id) return;
    const timer = setTimeout(() => void creation.check(values.id), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
    // Only a changed id needs a new check.
  }, [creation, props.customer.id, values]);

  const change = (field: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== 'description') setTouched((current) => ({ ...current, [field]: true }));
  };
  const errorOf = (field: Field) => (touched[field] && errors[field] ? t(errors[field]) : undefined);
  const valid = !errors.id && !errors.name && checked;

  const create = async () => {
    const outcome = await store.createApplication({ ...input, description: values.description });
    if (outcome.ok) {
      notify({ intent: 'success', title: t('applications.create.success') });
      props.onClose();
      void navigate(`/app/${encodeURIComponent(values.id)}/node-management`);
    } else {
      notify({ intent: 'error', title: t('applications.create.failed'), body: outcome.failure.message ?? undefined });
    }
  };

  return (
    <ConfirmDialog
      title={t('applications.create.title')}
      confirmLabel={t('applications.create.create')}
      busy={creation.creating.pending}
      invalid={!valid}
      onConfirm={() => void create()}
      onCancel={props.onClose}
    >
      <Field label={t('applications.create.id')} required validationMessage={errorOf('id')}>
        <Input
          value={values.id}
          onChange={(_, data) => change('id', data.value)}
          onBlur={() => setTouched((current) => ({ ...current, id: true }))}
          maxLength={64}
          autoFocus
        />
      </Field>
      <Field label={t('applications.create.name')} required validationMessage={errorOf('name')}>
        <Input
          value={values.name}
          onChange={(_, data) => change('name', data.value)}
          onBlur={() => setTouched((current) => ({ ...current, name: true }))}
          maxLength={100}
        />
      </Field>
      <Field label={t('applications.create.description')}>
        <Textarea value={values.description} onChange={(_, data) => change('description', data.value)} maxLength={500} />
      </Field>
      <Field label={t('applications.create.endCustomer')} required>
        <Input value={props.customer.name} disabled />
      </Field>
    </ConfirmDialog>
  );
});
