import { Button, Card, Checkbox, Field, Input, makeStyles, Select, Text, tokens, Tooltip } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedNumberInput } from '@sensorium/core/client';
import type { RangeAction } from '../../common/extension-points';
import { rangeActionValue } from '../../common/range-actions';
import {
  MAX_RANGE_NAME_LENGTH,
  RANGE_COLORS,
  type RangeColor,
  type RangeSettings,
  type SignalType,
} from '../../common/field-preference';
import { problemAt, type PreferenceProblem } from '../../common/preference-validation';
import { STATUS_COLORS } from '../../common/field-format';
import { addRange, canAddRange, canRemoveRange, removeLastRange, updateRange, withColor } from './field-rules';
import { FaIcon, IconPicker } from './icon-picker';

const useStyles = makeStyles({
  editor: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  card: { padding: tokens.spacingVerticalS },
  swatch: {
    width: '14px',
    height: '14px',
    borderRadius: '3px',
    display: 'inline-block',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
  },
  short: { width: '110px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'center', marginLeft: 'auto' },
  off: { color: tokens.colorNeutralForeground4 },
});

/**
 * The colour ranges editor (spec 3.3, 4): below-minimum / above-maximum numbers and up to 16 ranges, each with a name,
 * colour (N/A renames it MARGIN), icon, value or start / end, and its event. A range is added while there are 15 or
 * fewer; only the last one can be removed. The contributed range actions (notify, task, webhook) show only with the
 * event enabled and are highlighted (primary) when on. Numbers take digits, minus and dot; each input shows the
 * problem the dialog's validation finds at its path (text that is not a number, a start above the end, a long name).
 */
export function RangeEditor(props: {
  value: RangeSettings;
  signal: SignalType;
  /** The range actions, in order. */
  actions: readonly RangeAction<unknown>[];
  onChange(value: RangeSettings): void;
  /** A range's action button was pressed. */
  onAction(actionId: string, index: number): void;
  /** The edited preference's problems, by their path under the preference. */
  problems: readonly PreferenceProblem[];
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [picking, setPicking] = useState<number | null>(null);
  const { value, signal, onChange } = props;
  const numeric = signal === 'analog';
  const messageAt = (field: string) => {
    const problem = problemAt(props.problems, `rangeSettings.${field}`);
    return problem ? t(problem.code, problem.params) : undefined;
  };

  return (
    <div className={styles.editor}>
      {numeric && (
        <div className={styles.line}>
          <Field label={t('nodes.ranges.belowMinimum')} validationMessage={messageAt('belowMinimum.minNumber')}>
            <LimitedNumberInput
              className={styles.short}
              limit="signed"
              reportInvalid
              value={value.belowMinimum.minNumber}
              onValue={(minNumber) => onChange({ ...value, belowMinimum: { minNumber } })}
              onClear={() => onChange({ ...value, belowMinimum: { minNumber: null } })}
            />
          </Field>
          <Field label={t('nodes.ranges.aboveMaximum')} validationMessage={messageAt('aboveMaximum.maxNumber')}>
            <LimitedNumberInput
              className={styles.short}
              limit="signed"
              reportInvalid
              value={value.aboveMaximum.maxNumber}
              onValue={(maxNumber) => onChange({ ...value, aboveMaximum: { maxNumber } })}
              onClear={() => onChange({ ...value, aboveMaximum: { maxNumber: null } })}
            />
          </Field>
        </div>
      )}
      {value.ranges.length === 0 && <Text>{t('nodes.ranges.none')}</Text>}
      {value.ranges.map((range, index) => {
        const set = (change: Parameters<typeof updateRange>[2]) => onChange(updateRange(value, index, change));
        const rangeMessage = (field: string) => messageAt(`ranges.${index}.${field}`);
        return (
          <Card key={index} className={styles.card} aria-label={t('nodes.ranges.range', { index: index + 1 })} data-range={index}>
            <div className={styles.line}>
              <Field label={t('nodes.ranges.name')} validationMessage={rangeMessage('name')}>
                <Input
                  className={styles.short}
                  maxLength={MAX_RANGE_NAME_LENGTH}
                  value={range.name}
                  onChange={(_, data) => set((r) => ({ ...r, name: data.value }))}
                />
              </Field>
              <Field label={t('nodes.ranges.color')}>
                <Select
                  value={range.color}
                  onChange={(_, data) => set((r) => withColor(r, data.value as RangeColor))}
                  style={{ minWidth: '110px' }}
                >
                  {RANGE_COLORS.map((color) => (
                    <option key={color} value={color}>
                      {t(`nodes.ranges.colors.${color === 'N/A' ? 'none' : color}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <span className={styles.swatch} style={{ backgroundColor: STATUS_COLORS[range.color] ?? 'transparent' }} />
              <Field label={t('nodes.ranges.icon')}>
                <Button icon={<FaIcon name={range.icon} />} onClick={() => setPicking(index)}>
                  {range.icon || t('nodes.fieldSettings.selectIcon')}
                </Button>
              </Field>
              {numeric ? (
                <>
                  <Field label={t('nodes.ranges.start')} validationMessage={rangeMessage('startNum')}>
                    <LimitedNumberInput
                      className={styles.short}
                      limit="signed"
                      reportInvalid
                      value={range.startNum}
                      onValue={(startNum) => set((r) => ({ ...r, startNum }))}
                    />
                  </Field>
                  <Field label={t('nodes.ranges.end')} validationMessage={rangeMessage('endNum')}>
                    <LimitedNumberInput
                      className={styles.short}
                      limit="signed"
                      reportInvalid
                      value={range.endNum}
                      onValue={(endNum) => set((r) => ({ ...r, endNum }))}
                    />
                  </Field>
                </>
              ) : (
                <Field label={t('nodes.ranges.value')}>
                  <Input
                    className={styles.short}
                    value={String(range.value)}
                    onChange={(_, data) =>
                      set((r) => ({
                        ...r,
                        value:
                          signal === 'digital' && data.value.trim() !== '' && Number.isFinite(Number(data.value))
                            ? Number(data.value)
                            : data.value,
                      }))
                    }
                  />
                </Field>
              )}
            </div>
            <div className={styles.line}>
              <Checkbox
                label={t('nodes.ranges.eventEnable')}
                checked={range.eventSetting.enable}
                onChange={(_, data) => set((r) => ({ ...r, eventSetting: { ...r.eventSetting, enable: data.checked === true } }))}
              />
              <Field
                label={t('nodes.ranges.eventName')}
                orientation="horizontal"
                validationMessage={rangeMessage('eventSetting.name')}
              >
                <Input
                  className={styles.short}
                  maxLength={MAX_RANGE_NAME_LENGTH}
                  value={range.eventSetting.name}
                  disabled={!range.eventSetting.enable}
                  onChange={(_, data) => set((r) => ({ ...r, eventSetting: { ...r.eventSetting, name: data.value } }))}
                />
              </Field>
              <Checkbox
                label={t('nodes.ranges.autoClear')}
                checked={range.eventSetting.allowAutoClear}
                disabled={!range.eventSetting.enable}
                onChange={(_, data) =>
                  set((r) => ({ ...r, eventSetting: { ...r.eventSetting, allowAutoClear: data.checked === true } }))
                }
              />
              <div className={styles.actions}>
                {range.eventSetting.enable &&
                  props.actions.map((action) => {
                    const on = action.isOn(rangeActionValue(range, action.key));
                    return (
                      <Tooltip key={action.id} content={t(action.titleKey)} relationship="label">
                        <Button
                          size="small"
                          appearance={on ? 'primary' : 'subtle'}
                          className={on ? undefined : styles.off}
                          icon={<action.icon />}
                          data-on={on}
                          onClick={() => props.onAction(action.id, index)}
                        />
                      </Tooltip>
                    );
                  })}
                {canRemoveRange(value.ranges, index) && (
                  <Tooltip content={t('nodes.ranges.remove')} relationship="label">
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      onClick={() => onChange(removeLastRange(value))}
                    />
                  </Tooltip>
                )}
              </div>
            </div>
          </Card>
        );
      })}
      <div>
        <Button icon={<AddRegular />} disabled={!canAddRange(value.ranges)} onClick={() => onChange(addRange(value))}>
          {t('nodes.ranges.add')}
        </Button>
      </div>
      {picking !== null && value.ranges[picking] && (
        <IconPicker
          current={value.ranges[picking].icon}
          onSelect={(icon) => onChange(updateRange(value, picking, (r) => ({ ...r, icon })))}
          onClose={() => setPicking(null)}
        />
      )}
    </div>
  );
}
