import { Field, makeStyles, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LimitedNumberInput } from '@sensorium/core/client';
import type { RetentionChoice } from './retention-choice';

const useStyles = makeStyles({
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalM },
  days: { width: '120px' },
});

/** The number of days a 'keep for' choice keeps, with its problem (already translated) under it. */
export function DaysInput(props: {
  choice: RetentionChoice;
  label: string;
  problem: string | undefined;
  disabled?: boolean;
  onChange(choice: RetentionChoice): void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { choice, onChange } = props;
  return (
    <Field label={props.label} validationMessage={props.problem} hint={t('device-pipeline.retention.daysHint')}>
      <LimitedNumberInput
        className={styles.days}
        limit="digits"
        reportInvalid
        disabled={props.disabled}
        value={choice.days}
        onValue={(days) => onChange({ ...choice, days })}
        onClear={() => onChange({ ...choice, days: null })}
      />
    </Field>
  );
}

/** Keep forever, or keep for a number of days: one kind of data of the Data Retention tab. */
export function KeepForField(props: {
  label: string;
  hint: string;
  choice: RetentionChoice;
  problem: string | undefined;
  onChange(choice: RetentionChoice): void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { choice, onChange } = props;
  return (
    <div className={styles.line}>
      <Field label={props.label} hint={props.hint}>
        <RadioGroup
          layout="horizontal"
          value={choice.keep}
          onChange={(_, data) => onChange({ ...choice, keep: data.value as RetentionChoice['keep'] })}
        >
          <Radio value="forever" label={t('device-pipeline.retention.keepForever')} />
          <Radio value="days" label={t('device-pipeline.retention.keepDays')} />
        </RadioGroup>
      </Field>
      {choice.keep === 'days' && (
        <DaysInput
          choice={choice}
          label={t('device-pipeline.retention.daysOf', { data: props.label })}
          problem={props.problem}
          onChange={onChange}
        />
      )}
    </div>
  );
}
