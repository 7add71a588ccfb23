import { Field, Input } from '@fluentui/react-components';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@sensorium/core/client';
import { EndCustomerInput } from '../../common';

/** Add or rename an end customer; Save stays disabled until the shared input model validates. */
export function EndCustomerDialog(props: {
  title: string;
  initialName?: string;
  onSave(name: string): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.initialName ?? '');
  const [saving, setSaving] = useState(false);
  const valid = validateSync(plainToInstance(EndCustomerInput, { name })).length === 0;
  const save = async () => {
    setSaving(true);
    try {
      await props.onSave(name.trim());
    } finally {
      setSaving(false);
    }
  };
  return (
    <ConfirmDialog
      title={props.title}
      confirmLabel={t('applications.customers.save')}
      busy={saving}
      invalid={!valid}
      onConfirm={() => void save()}
      onCancel={props.onClose}
    >
      <Field label={t('applications.customers.name')} required>
        <Input value={name} onChange={(_, data) => setName(data.value)} autoFocus maxLength={100} />
      </Field>
    </ConfirmDialog>
  );
}
