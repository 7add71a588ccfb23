import { Checkbox, Combobox, Field, Input, Option, Subtitle2 } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { MAX_DURATION_SECONDS } from '../../common';
import type { EventSettingsStoreInstance } from '../store';
import { MultiChoice } from './multi-choice';
import { RangesInput } from './ranges-input';
import { numberOrNull, useSectionStyles, type SectionProps } from './section';

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, text: value }));

/** Which devices and field the rule watches, its trigger and resume ranges, duration and hysteresis. */
export const ConditionsSection = observer(function ConditionsSection(
  props: SectionProps & { store: EventSettingsStoreInstance },
) {
  const { settings, change, error, readOnly, store } = props;
  const { t } = useTranslation();
  const styles = useSectionStyles();
  const conditions = settings.conditions;
  const set = (recipe: (draft: typeof conditions) => void) => change((draft) => recipe(draft.conditions));
  return (
    <div className={styles.section}>
      <Subtitle2 as="h3">{t('event-settings.conditions.heading')}</Subtitle2>
      <Checkbox
        label={t('event-settings.conditions.allDevices')}
        checked={conditions.allDevices}
        onChange={(_, data) => set((draft) => void (draft.allDevices = data.checked === true))}
      />
      {!conditions.allDevices && (
        <div className={styles.row}>
          <div className={styles.grow}>
            <MultiChoice
              label={t('event-settings.conditions.deviceTypes')}
              options={asOptions(store.deviceTypes)}
              selected={conditions.deviceTypes}
              onChange={(selected) => set((draft) => void (draft.deviceTypes = selected))}
            />
          </div>
          <div className={styles.grow}>
            <MultiChoice
              label={t('event-settings.conditions.groups')}
              options={asOptions(store.tags)}
              selected={conditions.tags}
              onChange={(selected) => set((draft) => void (draft.tags = selected))}
            />
          </div>
          <div className={styles.grow}>
            <MultiChoice
              label={t('event-settings.conditions.devices')}
              options={store.devices.map((device) => ({ value: device.itemName, text: device.displayName }))}
              selected={conditions.devices}
              validationMessage={error('conditions.devices')}
              onChange={(selected) => set((draft) => void (draft.devices = selected))}
            />
          </div>
        </div>
      )}
      <Field label={t('event-settings.conditions.field')} required validationMessage={error('conditions.field')}>
        <Combobox
          freeform
          value={conditions.field}
          selectedOptions={conditions.field ? [conditions.field] : []}
          onChange={(event) => set((draft) => void (draft.field = event.target.value))}
          onOptionSelect={(_, data) => set((draft) => void (draft.field = data.optionValue ?? ''))}
        >
          {store.fieldNames.map((name) => (
            <Option key={name} value={name}>
              {name}
            </Option>
          ))}
        </Combobox>
      </Field>
      <RangesInput
        label={t('event-settings.conditions.triggerRanges')}
        path="conditions.triggerRanges"
        ranges={conditions.triggerRanges}
        readOnly={readOnly}
        error={error}
        onChange={(ranges) => set((draft) => void (draft.triggerRanges = ranges))}
      />
      <Field hint={t('event-settings.conditions.resumeOnAnyHint')}>
        <Checkbox
          label={t('event-settings.conditions.resumeOnAny')}
          checked={conditions.resumeOnAny}
          onChange={(_, data) => set((draft) => void (draft.resumeOnAny = data.checked === true))}
        />
      </Field>
      {!conditions.resumeOnAny && (
        <RangesInput
          label={t('event-settings.conditions.resumeRanges')}
          path="conditions.resumeRanges"
          ranges={conditions.resumeRanges}
          readOnly={readOnly}
          error={error}
          onChange={(ranges) => set((draft) => void (draft.resumeRanges = ranges))}
        />
      )}
      <Field hint={t('event-settings.conditions.requireSameDeviceHint')}>
        <Checkbox
          label={t('event-settings.conditions.requireSameDevice')}
          checked={conditions.requireSameDevice}
          onChange={(_, data) => set((draft) => void (draft.requireSameDevice = data.checked === true))}
        />
      </Field>
      <div className={styles.row}>
        <Field
          label={t('event-settings.conditions.durationSeconds')}
          hint={t('event-settings.conditions.durationHint')}
          validationMessage={error('conditions.durationSeconds')}
          className={styles.grow}
        >
          <Input
            type="number"
            min={0}
            max={MAX_DURATION_SECONDS}
            value={String(conditions.durationSeconds)}
            onChange={(_, data) => set((draft) => void (draft.durationSeconds = numberOrNull(data.value) ?? 0))}
          />
        </Field>
        <Field
          label={t('event-settings.conditions.hysteresis')}
          hint={t('event-settings.conditions.hysteresisHint')}
          validationMessage={error('conditions.hysteresis')}
          className={styles.grow}
        >
          <Input
            type="number"
            min={0}
            value={String(conditions.hysteresis)}
            onChange={(_, data) => set((draft) => void (draft.hysteresis = numberOrNull(data.value) ?? 0))}
          />
        </Field>
      </div>
    </div>
  );
});
