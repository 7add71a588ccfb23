import { Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSourceFormProps } from '@sensorium/core/client';
import { DEVICE_ID_MAX_LENGTH, deviceIdProblem } from '../common';

/**
 * The add-item wizard's section for a {{title}} item: the id its device publishes under, kept in dataSource.deviceEUI.
 * Its problem shows once the field was left, or when the user tried to go on.
 */
export function {{Name}}Form({ value, onChange, showErrors }: DataSourceFormProps) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const deviceId = typeof value.deviceEUI === 'string' ? value.deviceEUI : '';
  const problem = deviceIdProblem(deviceId);
  const shown = problem !== null && (touched || showErrors === true);

  return (
    <Field
      label={t('{{id}}.deviceId')}
      hint={t('{{id}}.deviceIdHint')}
      required
      validationState={shown ? 'error' : 'none'}
      validationMessage={shown ? t(problem) : undefined}
    >
      <Input
        value={deviceId}
        maxLength={DEVICE_ID_MAX_LENGTH}
        onChange={(_event, data) => onChange({ ...value, deviceEUI: data.value })}
        onBlur={() => setTouched(true)}
      />
    </Field>
  );
}
