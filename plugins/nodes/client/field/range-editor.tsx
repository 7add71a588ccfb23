import { Button, Card, Checkbox, Field, Input, makeStyles, Select, Text, tokens, Tooltip } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, FlashRegular, GlobeRegular, MailRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RANGE_COLORS,
  type RangeColor,
  type RangeEntry,
  type RangeSettings,
  type SignalType,
} from '../../common/field-preference';
import { STATUS_COLORS } from '../colors';
import { addRange, canAddRange, canRemoveRange, rangeActionIcons, removeLastRange, updateRange, withColor } from './field-rules';
import { FaIcon, IconPicker } from './icon-picker';
import { LimitedNumberInput } from './limited-input';

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
 * fewer; only the last one can be removed. The notify, task and webhook icons show only with the event enabled and are
 * highlighted (primary) when any channel, task or webhook is on.
 */
/** Applies a change to one range of the editor's copy, e.g. the setting a dialog returned. */
export type RangeUpdate = (change: (range: RangeEntry) => RangeEntry) => void;

/**
 * What the notify / task / webhook icons of a range open (the dialogs of spec 2.7 to 2.9): called with the range index
 * and an `update` that puts the dialog's result into the edited copy (so a later Save keeps it).
 */
export interface RangeActionHandlers {
  onNotification?(index: number, update: RangeUpdate, range: RangeEntry): void;
  onTask?(index: number, update: RangeUpdate, range: RangeEntry): void;
  onWebhook?(index: number, update: RangeUpdate, range: RangeEntry): void;
}

export function RangeEditor(
  props: { value: RangeSettings; signal: SignalType; onChange(value: RangeSettings): void } & RangeActionHandlers,
) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [picking, setPicking] = useState<number | null>(null);
  const { value, signal, onChange } = props;
  const numeric = signal === 'analog';

  return (
    <div className={styles.editor}>
      {numeric && (
        <div className={styles.line}>
          <Field label={t('nodes.ranges.belowMinimum')}>
            <LimitedNumberInput
              className={styles.short}
              limit="any"
              value={value.belowMinimum.minNumber}
              onValue={(minNumber) => onChange({ ...value, belowMinimum: { minNumber } })}
            />
          </Field>
          <Field label={t('nodes.ranges.aboveMaximum')}>
            <LimitedNumberInput
              className={styles.short}
              limit="any"
              value={value.aboveMaximum.maxNumber}
              onValue={(maxNumber) => onChange({ ...value, aboveMaximum: { maxNumber } })}
            />
          </Field>
        </div>
      )}
      {value.ranges.length === 0 && <Text>{t('nodes.ranges.none')}</Text>}
      {value.ranges.map((range, index) => {
        const icons = rangeActionIcons(range);
        const set = (change: Parameters<typeof updateRange>[2]) => onChange(updateRange(value, index, change));
        return (
          <Card key={index} className={styles.card} aria-label={t('nodes.ranges.range', { index: index + 1 })} data-range={index}>
            <div className={styles.line}>
              <Field label={t('nodes.ranges.name')}>
                <Input
                  className={styles.short}
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
                  <Field label={t('nodes.ranges.start')}>
                    <LimitedNumberInput
                      className={styles.short}
                      limit="any"
                      value={range.startNum}
                      onValue={(startNum) => set((r) => ({ ...r, startNum }))}
                    />
                  </Field>
                  <Field label={t('nodes.ranges.end')}>
                    <LimitedNumberInput
                      className={styles.short}
                      limit="any"
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
              <Field label={t('nodes.ranges.eventName')} orientation="horizontal">
                <Input
                  className={styles.short}
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
                {icons.visible && (
                  <>
                    <Tooltip content={t('nodes.ranges.notify')} relationship="label">
                      <Button
                        size="small"
                        appearance={icons.notifyOn ? 'primary' : 'subtle'}
                        className={icons.notifyOn ? undefined : styles.off}
                        icon={<MailRegular />}
                        data-on={icons.notifyOn}
                        onClick={() => props.onNotification?.(index, set, range)}
                      />
                    </Tooltip>
                    <Tooltip content={t('nodes.ranges.task')} relationship="label">
                      <Button
                        size="small"
                        appearance={icons.taskOn ? 'primary' : 'subtle'}
                        className={icons.taskOn ? undefined : styles.off}
                        icon={<FlashRegular />}
                        data-on={icons.taskOn}
                        onClick={() => props.onTask?.(index, set, range)}
                      />
                    </Tooltip>
                    <Tooltip content={t('nodes.ranges.webhook')} relationship="label">
                      <Button
                        size="small"
                        appearance={icons.webhookOn ? 'primary' : 'subtle'}
                        className={icons.webhookOn ? undefined : styles.off}
                        icon={<GlobeRegular />}
                        data-on={icons.webhookOn}
                        onClick={() => props.onWebhook?.(index, set, range)}
                      />
                    </Tooltip>
                  </>
                )}
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
