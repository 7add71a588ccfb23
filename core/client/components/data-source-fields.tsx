import { Field, Input, makeStyles, Select, Textarea, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSourceFormProps } from '../extension-points';

/** One choice of a `select` field: a fixed label (e.g. 'OTAA') or an i18n key. */
export interface DataSourceFieldOption {
  value: string;
  label?: string;
  labelKey?: string;
}

/**
 * One field of a data source's add-item form. Kinds: `text` (one line), `textarea`, `mask` (text rewritten on every key by
 * `mask`, e.g. a hex mask), `select` (fixed `options`) and `profile` (the wizard's device profiles plus an empty choice
 * labelled `noneKey`).
 */
export interface DataSourceFieldSpec {
  key: string;
  labelKey: string;
  kind?: 'text' | 'textarea' | 'mask' | 'select' | 'profile';
  required?: boolean;
  placeholder?: string;
  mask?(text: string): string;
  options?: readonly DataSourceFieldOption[];
  noneKey?: string;
  /** Shown only while this holds (e.g. ABP keys only for activateMethod ABP). */
  visible?(value: Record<string, unknown>, props: DataSourceFormProps): boolean;
}

export interface DataSourceFieldsProps extends DataSourceFormProps {
  fields: readonly DataSourceFieldSpec[];
  /** The form's rule: field key → i18n key of its problem. */
  rule(value: Record<string, unknown>): Record<string, string | undefined>;
}

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS } });

/** A device profile's label in the profile select: name and sensor model. */
export function deviceProfileLabel(profile: { deviceProfileName?: string; sensorModel?: string }): string {
  return [profile.deviceProfileName, profile.sensorModel].filter(Boolean).join(' · ');
}

/**
 * The add-item wizard's data-source fields, rendered from specs (node spec 3.2); a field's error shows once it was touched
 * or when the wizard asks for all errors (`showErrors`, the user pressed Next).
 */
export function DataSourceFields(props: DataSourceFieldsProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { value } = props;
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const errors = props.rule(value);
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : '');
  const set = (key: string, next: string) => props.onChange({ ...value, [key]: next });
  const touch = (key: string) => setTouched((current) => new Set(current).add(key));
  const message = (key: string) => (errors[key] && (props.showErrors || touched.has(key)) ? t(errors[key]!) : undefined);
  const control = (field: DataSourceFieldSpec) => {
    const common = { value: text(field.key), onBlur: () => touch(field.key) };
    switch (field.kind) {
      case 'profile':
        return (
          <Select {...common} onChange={(_, data) => set(field.key, data.value)}>
            <option value="">{field.noneKey ? t(field.noneKey) : ''}</option>
            {(props.deviceProfiles ?? []).map((profile) => (
              <option key={profile.uuid} value={profile.uuid}>
                {deviceProfileLabel(profile)}
              </option>
            ))}
          </Select>
        );
      case 'select':
        return (
          <Select {...common} onChange={(_, data) => set(field.key, data.value)}>
            {(field.options ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.labelKey ? t(option.labelKey) : (option.label ?? option.value)}
              </option>
            ))}
          </Select>
        );
      case 'textarea':
        return <Textarea {...common} placeholder={field.placeholder} onChange={(_, data) => set(field.key, data.value)} />;
      default: {
        const mask = field.kind === 'mask' && field.mask ? field.mask : (next: string) => next;
        return <Input {...common} placeholder={field.placeholder} onChange={(_, data) => set(field.key, mask(data.value))} />;
      }
    }
  };
  return (
    <div className={styles.form}>
      {props.fields
        .filter((field) => !field.visible || field.visible(value, props))
        .map((field) => (
          <Field key={field.key} label={t(field.labelKey)} required={field.required} validationMessage={message(field.key)}>
            {control(field)}
          </Field>
        ))}
    </div>
  );
}
