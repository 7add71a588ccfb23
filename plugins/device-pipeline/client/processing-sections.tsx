import { Checkbox, Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LimitedNumberInput } from '@sensorium/core/client';
import {
  DEBOUNCE_TYPES,
  DEBOUNCE_UNITS,
  type DebounceType,
  type DebounceUnit,
  type FieldPreference,
  problemAt,
  type FieldSettingSectionProps,
} from '@sensorium/nodes/common';

// The Field Settings sections of the processing this plugin applies to every uplink (node spec 2.5, 3.3): debounce,
// spike filter and simple convert. The nodes plugin's dialog shows them by signal and saves them with the rest.

const useStyles = makeStyles({
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  short: { width: '120px' },
});

export function DebounceSection({ value, onChange }: FieldSettingSectionProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const debounce = (change: Partial<FieldPreference['debounce']>) => onChange({ debounce: { ...value.debounce, ...change } });
  return (
    <>
      <div className={styles.line}>
        <Checkbox
          label={t('device-pipeline.processing.enable')}
          checked={value.debounce.enable}
          onChange={(_, data) => debounce({ enable: data.checked === true })}
        />
        <Field label={t('device-pipeline.processing.debounceNumber')}>
          <LimitedNumberInput
            className={styles.short}
            limit="any"
            value={value.debounce.number}
            onValue={(number) => debounce({ number })}
          />
        </Field>
        <Field label={t('device-pipeline.processing.debounceUnit')}>
          <Select value={value.debounce.unit} onChange={(_, data) => debounce({ unit: data.value as DebounceUnit })}>
            {DEBOUNCE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {t(`device-pipeline.processing.units.${unit}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('device-pipeline.processing.debounceType')}>
          <Select value={value.debounce.type} onChange={(_, data) => debounce({ type: data.value as DebounceType })}>
            {DEBOUNCE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`device-pipeline.processing.types.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className={styles.line}>
        <Checkbox
          label={t('device-pipeline.processing.waitUntilStable')}
          checked={value.debounce.waitUntilStable}
          onChange={(_, data) => debounce({ waitUntilStable: data.checked === true })}
        />
        <Field label={t('device-pipeline.processing.maxDeviation')}>
          <LimitedNumberInput
            className={styles.short}
            limit="any"
            value={value.debounce.maxDeviation}
            onValue={(maxDeviation) => debounce({ maxDeviation })}
          />
        </Field>
        <Checkbox
          label={t('device-pipeline.processing.skipDebounceWhenResume')}
          checked={value.debounce.skipDebounceWhenResume}
          onChange={(_, data) => debounce({ skipDebounceWhenResume: data.checked === true })}
        />
      </div>
    </>
  );
}

/** The spike filter's bounds: signed (the default minimum is -100000), and a bound that is no number is refused. */
export function SpikeFilterSection({ value, onChange, problems }: FieldSettingSectionProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const filter = (change: Partial<FieldPreference['filter']>) => onChange({ filter: { ...value.filter, ...change } });
  const messageAt = (field: 'min' | 'max') => {
    const problem = problemAt(problems, `filter.${field}`);
    return problem ? t(problem.code, problem.params) : undefined;
  };
  return (
    <div className={styles.line}>
      <Field label={t('device-pipeline.processing.min')} validationMessage={messageAt('min')}>
        <LimitedNumberInput
          className={styles.short}
          limit="signed"
          reportInvalid
          value={value.filter.min}
          onValue={(min) => filter({ min })}
        />
      </Field>
      <Field label={t('device-pipeline.processing.max')} validationMessage={messageAt('max')}>
        <LimitedNumberInput
          className={styles.short}
          limit="signed"
          reportInvalid
          value={value.filter.max}
          onValue={(max) => filter({ max })}
        />
      </Field>
    </div>
  );
}

export function SimpleConvertSection({ value, onChange }: FieldSettingSectionProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const convert = (change: Partial<FieldPreference['simpleConvert']>) =>
    onChange({ simpleConvert: { ...value.simpleConvert, ...change } });
  const off = !value.simpleConvertEnabled;
  return (
    <>
      <Checkbox
        label={t('device-pipeline.processing.enable')}
        checked={value.simpleConvertEnabled}
        onChange={(_, data) => onChange({ simpleConvertEnabled: data.checked === true })}
      />
      <div className={styles.line}>
        {(['inputRangeMin', 'inputRangeMax', 'inputResolution'] as const).map((key) => (
          <Field key={key} label={t(`device-pipeline.processing.${key}`)}>
            <LimitedNumberInput
              className={styles.short}
              limit="digits"
              disabled={off}
              value={value.simpleConvert[key]}
              onValue={(number) => convert({ [key]: number })}
            />
          </Field>
        ))}
        {(['outputRangeMin', 'outputRangeMax'] as const).map((key) => (
          <Field key={key} label={t(`device-pipeline.processing.${key}`)}>
            <LimitedNumberInput
              className={styles.short}
              limit="signed"
              disabled={off}
              value={value.simpleConvert[key]}
              onValue={(number) => convert({ [key]: number })}
            />
          </Field>
        ))}
      </div>
    </>
  );
}
