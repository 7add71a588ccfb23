import { Checkbox, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { defaultEscalation, problemAt } from '@sensorium/nodes/common';
import { ESCALATION_LIMITS, escalationProblems, type EscalationFieldsProps } from '../../common';

const useStyles = makeStyles({
  box: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalL },
  number: { width: '140px' },
});

const T = 'notifications.rangeNotification';

/** A number box's text: empty (not a number yet) stays empty so the user can type anew. */
const shown = (value: number) => (Number.isNaN(value) ? '' : String(value));

/**
 * Escalation of a Notification Setting (docs/alarm-loop.md "Escalation and rate limits"): on or off, every N minutes,
 * the number of repeats, then the next priority. Each box shows the server's message for its value.
 */
export function EscalationFields(props: EscalationFieldsProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const value = props.value ?? defaultEscalation();
  const problems = escalationProblems(value);
  const messageAt = (key: string) => {
    const problem = problemAt(problems, `escalation.${key}`);
    return problem ? t(problem.code, problem.params) : undefined;
  };
  const number = (key: 'everyMinutes' | 'repeats', label: string) => {
    const [least, most] = ESCALATION_LIMITS[key];
    return (
      <Field label={t(label)} validationMessage={messageAt(key)}>
        <Input
          className={styles.number}
          type="number"
          min={least}
          max={most}
          disabled={!value.enable}
          value={shown(value[key])}
          onChange={(_, data) => props.onChange({ ...value, [key]: data.value.trim() === '' ? NaN : Number(data.value) })}
        />
      </Field>
    );
  };

  return (
    <div className={styles.box} role="group" aria-label={t(`${T}.escalation`)}>
      <Checkbox
        label={t(`${T}.escalationEnable`)}
        checked={value.enable}
        onChange={(_, data) => props.onChange({ ...value, enable: data.checked === true })}
      />
      {number('everyMinutes', `${T}.escalationEveryMinutes`)}
      {number('repeats', `${T}.escalationRepeats`)}
      <Checkbox
        label={t(`${T}.escalationNextPriority`)}
        disabled={!value.enable}
        checked={value.nextPriority}
        onChange={(_, data) => props.onChange({ ...value, nextPriority: data.checked === true })}
      />
    </div>
  );
}

/** Whether the escalation can be saved (the dialogs keep Save disabled otherwise). */
export const escalationValid = (value: EscalationFieldsProps['value']) => !value || escalationProblems(value).length === 0;
