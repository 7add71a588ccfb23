import { Field, Input, Textarea } from '@fluentui/react-components';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog, readApiError, useHttp, useNotify } from '@sensorium/core/client';
import { NewApplicationInput, type EndCustomer } from '../../common';

/** The id check waits for typing to pause. */
const CHECK_DELAY_MS = 400;
type Field = 'id' | 'name';

/** The first error of each field as an i18n key: a decorator's own key, else the core `validation.<rule>` text. */
function fieldErrors(values: NewApplicationInput): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const error of validateSync(plainToInstance(NewApplicationInput, values))) {
    const constraints = Object.entries(error.constraints ?? {});
    const [rule, message] = constraints.find(([name]) => name === 'isNotEmpty') ?? constraints[0] ?? [];
    if (!rule || (error.property !== 'id' && error.property !== 'name')) continue;
    errors[error.property] = message?.startsWith('applications.') ? message : `validation.${rule}`;
  }
  return errors;
}

/**
 * The Create Application modal (shell spec §2.6, §5, §8): id, name, description, and the group's end customer (shown,
 * not changeable). Errors appear once a field is touched; Create is enabled only when the form is valid and the
 * server has confirmed that the id is free. Static backdrop.
 */
export function CreateApplicationDialog(props: { customer: EndCustomer; onClose(created: boolean): void }) {
  const { t } = useTranslation();
  const http = useHttp();
  const notify = useNotify();
  const navigate = useNavigate();
  const [values, setValues] = useState({ id: '', name: '', description: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ id: false, name: false });
  const [taken, setTaken] = useState<{ id: string; existing: boolean } | null>(null);
  const [creating, setCreating] = useState(false);
  const input = { ...values, endCustomerId: props.customer.id } as NewApplicationInput;
  const errors = fieldErrors(input);
  const checked = taken?.id === values.id;
  if (!errors.id && checked && taken.existing) errors.id = 'applications.validation.idTaken';

  useEffect(() => {
    if (fieldErrors({ ...values, endCustomerId: props.customer.id } as NewApplicationInput).id) return;
    const timer = setTimeout(() => {
      http
        .post('application/check/', { json: { id: values.id } })
        .json<{ existing: boolean }>()
        .then(({ existing }) => setTaken({ id: values.id, existing }))
        .catch(() => undefined);
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
    // Only a changed id needs a new check.
  }, [http, props.customer.id, values]);

  const change = (field: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== 'description') setTouched((current) => ({ ...current, [field]: true }));
  };
  const errorOf = (field: Field) => (touched[field] && errors[field] ? t(errors[field]) : undefined);
  const valid = !errors.id && !errors.name && checked;

  const create = async () => {
    setCreating(true);
    try {
      await http.post('application/new/', { json: { ...input, description: values.description } });
      notify({ intent: 'success', title: t('applications.create.success') });
      props.onClose(true);
      navigate(`/app/${encodeURIComponent(values.id)}/node-management`);
    } catch (error) {
      const body = await readApiError(error);
      notify({ intent: 'error', title: t('applications.create.failed'), body: body?.message });
      setCreating(false);
    }
  };

  return (
    <ConfirmDialog
      title={t('applications.create.title')}
      confirmLabel={t('applications.create.create')}
      busy={creating}
      invalid={!valid}
      onConfirm={() => void create()}
      onCancel={() => props.onClose(false)}
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
}
