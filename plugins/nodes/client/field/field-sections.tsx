import { Button, Checkbox, Field, Input, makeStyles, Radio, RadioGroup, Select, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedNumberInput } from '@sensorium/core/client';
import type { FieldSettingSectionProps } from '../../common/extension-points';
import { SIGNAL_TYPES, type FieldPreference, type NodeDataSource, type SignalType } from '../../common/field-preference';
import { NODE_DATA_EXAMPLE_EXPRESSION, NODE_DATA_SOURCE_GROUPS } from '../../common/node-data';
import { autoResetFieldsDisabled, resetValueFor } from './field-rules';
import { FaIcon, IconCatalogue, IconPicker } from './icon-picker';

const useStyles = makeStyles({
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  short: { width: '120px' },
});

export function FrontendDisplaySection({ value, onChange }: FieldSettingSectionProps) {
  const { t } = useTranslation();
  return (
    <Checkbox
      label={t('nodes.fieldSettings.enable')}
      checked={value.frontendDisplay}
      onChange={(_, data) => onChange({ frontendDisplay: data.checked === true })}
    />
  );
}

export function DisplayNameSection({ value, onChange }: FieldSettingSectionProps) {
  const { t } = useTranslation();
  return (
    <Input
      aria-label={t('nodes.fieldSettings.displayName')}
      value={value.displayName}
      onChange={(_, data) => onChange({ displayName: data.value })}
    />
  );
}

/** The field's icon, with the icon picker (keyword search) and the whole catalogue (spec 2.6). */
export function IconSection({ value, onChange }: FieldSettingSectionProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  const icon = (change: Partial<FieldPreference['icon']>) => onChange({ icon: { ...value.icon, ...change } });
  return (
    <div className={styles.line}>
      <Checkbox
        label={t('nodes.fieldSettings.enable')}
        checked={value.icon.enable}
        onChange={(_, data) => icon({ enable: data.checked === true })}
      />
      <Text>
        {value.icon.name ? <FaIcon name={value.icon.name} /> : null} {value.icon.name || '-'}
      </Text>
      <Button onClick={() => setPicking(true)}>{t('nodes.fieldSettings.selectIcon')}</Button>
      <Button appearance="subtle" onClick={() => setBrowsing(true)}>
        {t('nodes.icon.catalogue')}
      </Button>
      <Checkbox
        label={t('nodes.fieldSettings.useStatusIcon')}
        checked={value.icon.useStatusIcon}
        onChange={(_, data) => icon({ useStatusIcon: data.checked === true })}
      />
      {picking && <IconPicker current={value.icon.name} onSelect={(name) => icon({ name })} onClose={() => setPicking(false)} />}
      {browsing && <IconCatalogue onSelect={(name) => icon({ name })} onClose={() => setBrowsing(false)} />}
    </div>
  );
}

export function SequenceSection({ value, onChange }: FieldSettingSectionProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <LimitedNumberInput
      className={styles.short}
      aria-label={t('nodes.fieldSettings.sequence')}
      limit="digits"
      value={value.seq}
      onValue={(seq) => onChange({ seq: Math.trunc(seq) })}
    />
  );
}

/** A node's field computed from its children, or a custom one. */
export function NodeDataSection({ field, value, onChange }: FieldSettingSectionProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const source = value.nodeData?.source ?? 'custom';
  const expression = value.nodeData?.expression ?? '';
  return (
    <div className={styles.line}>
      <Field label={t('nodes.fieldSettings.outputField')}>
        <Input readOnly value={field} />
      </Field>
      <Field label={t('nodes.fieldSettings.source')}>
        <Select
          value={source}
          onChange={(_, data) => onChange({ nodeData: { source: data.value as NodeDataSource, expression } })}
        >
          {NODE_DATA_SOURCE_GROUPS.map((group) => (
            <optgroup key={group.labelKey} label={t(`nodes.fieldSettings.groups.${group.labelKey}`)}>
              {group.sources.map((option) => (
                <option key={option} value={option}>
                  {t(`nodes.fieldSettings.sources.${option}`)}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </Field>
      <Field label={t('nodes.fieldSettings.expression')}>
        <Input
          placeholder={NODE_DATA_EXAMPLE_EXPRESSION}
          value={expression}
          onChange={(_, data) => onChange({ nodeData: { source, expression: data.value } })}
        />
      </Field>
    </div>
  );
}

export function SignalSection({ value, onChange }: FieldSettingSectionProps) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      layout="horizontal"
      aria-label={t('nodes.fieldSettings.signal')}
      value={value.signal}
      onChange={(_, data) => onChange({ signal: data.value as SignalType })}
    >
      {SIGNAL_TYPES.map((signal) => (
        <Radio key={signal} value={signal} label={t(`nodes.fieldSettings.signals.${signal}`)} />
      ))}
    </RadioGroup>
  );
}

export function AnalogSection({ value, onChange }: FieldSettingSectionProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.line}>
        <Checkbox
          label={t('nodes.fieldSettings.accumulative')}
          checked={value.accumulative}
          onChange={(_, data) => onChange({ accumulative: data.checked === true })}
        />
        <Checkbox
          label={t('nodes.fieldSettings.showStatus')}
          checked={value.analogShowStatus}
          onChange={(_, data) => onChange({ analogShowStatus: data.checked === true })}
        />
      </div>
      <div className={styles.line}>
        <Field label={t('nodes.fieldSettings.unit')}>
          <Input className={styles.short} value={value.unit} onChange={(_, data) => onChange({ unit: data.value })} />
        </Field>
        <Field label={t('nodes.fieldSettings.decimalPlace')}>
          <LimitedNumberInput
            className={styles.short}
            limit="digits"
            value={value.decimalPlace}
            onValue={(decimalPlace) => onChange({ decimalPlace: Math.trunc(decimalPlace) })}
          />
        </Field>
      </div>
    </>
  );
}

export function LogicSection({ value, onChange }: FieldSettingSectionProps) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      layout="horizontal"
      value={value.logic}
      onChange={(_, data) => onChange({ logic: data.value as FieldPreference['logic'] })}
    >
      <Radio value="Normal" label={t('nodes.fieldSettings.normal')} />
      <Radio value="Invert" label={t('nodes.fieldSettings.invert')} />
    </RadioGroup>
  );
}

export function StorageSection({ value, onChange }: FieldSettingSectionProps) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      layout="horizontal"
      value={value.storage ?? 'store'}
      onChange={(_, data) => onChange({ storage: data.value as 'store' | 'display' })}
    >
      <Radio value="store" label={t('nodes.fieldSettings.store')} />
      <Radio value="display" label={t('nodes.fieldSettings.displayOnly')} />
    </RadioGroup>
  );
}

/** Digital and string fields return to a value after a delay; a string field only from its base value. */
export function AutoResetSection({ value, onChange }: FieldSettingSectionProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const off = autoResetFieldsDisabled(value);
  const reset = (change: Partial<FieldPreference['resetSetting']>) =>
    onChange({ resetSetting: { ...value.resetSetting, ...change } });
  return (
    <>
      <Checkbox
        label={t('nodes.fieldSettings.enable')}
        checked={value.resetSetting.enable}
        onChange={(_, data) => reset({ enable: data.checked === true })}
      />
      <div className={styles.line}>
        <Field label={t('nodes.fieldSettings.resetValue')}>
          {value.signal === 'digital' ? (
            <Select
              disabled={off}
              value={String(value.resetSetting.resetValue)}
              onChange={(_, data) => reset({ resetValue: resetValueFor('digital', data.value) })}
            >
              <option value="0">0</option>
              <option value="1">1</option>
            </Select>
          ) : (
            <Input
              disabled={off}
              value={String(value.resetSetting.resetValue)}
              onChange={(_, data) => reset({ resetValue: resetValueFor('string', data.value) })}
            />
          )}
        </Field>
        {value.signal === 'string' && (
          <Field label={t('nodes.fieldSettings.baseValue')}>
            <Input
              disabled={off}
              value={value.resetSetting.baseValue ?? ''}
              onChange={(_, data) => reset({ baseValue: data.value })}
            />
          </Field>
        )}
        <Field label={t('nodes.fieldSettings.resetDelay')}>
          <LimitedNumberInput
            className={styles.short}
            limit="digits"
            disabled={off}
            value={value.resetSetting.resetDelaySecond}
            onValue={(resetDelaySecond) => reset({ resetDelaySecond })}
          />
        </Field>
      </div>
    </>
  );
}
