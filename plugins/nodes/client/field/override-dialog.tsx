import { Button, Checkbox, Field, Input, makeStyles, Radio, RadioGroup, Select, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Outcome } from '@sensorium/core/client';
import type { FieldPreference } from '../../common/field-preference';
import { overrideOptions, parseOverrideValue } from './field-rules';
import { DialogShell, useDialogSave } from '../dialogs/dialog-shell';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * Field override modal (spec 2.3): Enable plus a value by signal type (analog number, digital choice, string text), or
 * a pick list of the field's range options. Without ranges the pick list says so. Save and Close.
 */
export function OverrideDialog(props: {
  field: string;
  preference: FieldPreference;
  canWrite: boolean;
  /** A save is running. */
  saving: boolean;
  onSave(enabled: boolean, value: number | string | null): Promise<Outcome<unknown>>;
  onClose(): void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { preference } = props;
  const options = overrideOptions(preference);
  const [enabled, setEnabled] = useState(preference.overrideValueEnabled);
  const [mode, setMode] = useState<'free' | 'pick'>('free');
  const initial =
    preference.overrideValue === null || preference.overrideValue === undefined ? '' : String(preference.overrideValue);
  const [text, setText] = useState(initial);
  const [picked, setPicked] = useState(options.some((option) => String(option.value) === initial) ? initial : '');

  const value = mode === 'pick' ? parseOverrideValue(preference.signal, picked) : parseOverrideValue(preference.signal, text);
  const invalid = enabled && (value === null || (mode === 'pick' && picked === ''));

  const save = useDialogSave(
    () => props.onSave(enabled, mode === 'pick' && preference.signal === 'string' ? picked : value),
    props.onClose,
  );

  return (
    <DialogShell
      label={t('nodes.override.title')}
      title={
        <>
          {t('nodes.override.title')}: {preference.displayName || props.field}
        </>
      }
      alert
      contentClassName={styles.body}
      onClose={props.onClose}
      actions={
        <>
          <Button onClick={props.onClose}>{t('nodes.close')}</Button>
          <Button appearance="primary" disabled={!props.canWrite || props.saving || invalid} onClick={save}>
            {t('nodes.save')}
          </Button>
        </>
      }
    >
      <Checkbox label={t('nodes.override.enable')} checked={enabled} onChange={(_, data) => setEnabled(data.checked === true)} />
      <RadioGroup layout="horizontal" value={mode} onChange={(_, data) => setMode(data.value as 'free' | 'pick')}>
        <Radio value="free" label={t('nodes.override.free')} />
        <Radio value="pick" label={t('nodes.override.pick')} />
      </RadioGroup>
      {mode === 'free' && preference.signal === 'digital' && (
        <Field label={t('nodes.override.value')}>
          <Select value={text} disabled={!enabled} onChange={(_, data) => setText(data.value)}>
            <option value="">-</option>
            <option value="0">0</option>
            <option value="1">1</option>
          </Select>
        </Field>
      )}
      {mode === 'free' && preference.signal !== 'digital' && (
        <Field label={t('nodes.override.value')}>
          <Input
            type={preference.signal === 'analog' ? 'number' : 'text'}
            value={text}
            disabled={!enabled}
            onChange={(_, data) => setText(data.value)}
          />
        </Field>
      )}
      {mode === 'pick' &&
        (options.length === 0 ? (
          <Text>{t('nodes.override.noOption')}</Text>
        ) : (
          <Field label={t('nodes.override.option')}>
            <Select value={picked} disabled={!enabled} onChange={(_, data) => setPicked(data.value)}>
              <option value="">-</option>
              {options.map((option, index) => (
                <option key={index} value={String(option.value)}>
                  {option.name} ({String(option.value)})
                </option>
              ))}
            </Select>
          </Field>
        ))}
    </DialogShell>
  );
}
