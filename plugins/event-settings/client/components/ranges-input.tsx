import { Button, Field, Input, Text } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ValueRange } from '../../common';
import { numberOrNull, useSectionStyles } from './section';

/** A list of min–max ranges (trigger or resume ranges); an empty bound is open. */
export function RangesInput(props: {
  label: string;
  /** The field path of the list, e.g. `conditions.triggerRanges`. */
  path: string;
  ranges: readonly ValueRange[];
  readOnly: boolean;
  error(field: string): string | undefined;
  onChange(ranges: ValueRange[]): void;
}) {
  const { t } = useTranslation();
  const styles = useSectionStyles();
  const set = (index: number, bound: keyof ValueRange, text: string) =>
    props.onChange(props.ranges.map((range, i) => (i === index ? { ...range, [bound]: numberOrNull(text) } : range)));
  return (
    <Field label={props.label} validationMessage={props.error(props.path)}>
      {props.ranges.map((range, index) => (
        <div key={index} className={styles.row}>
          <Field label={t('event-settings.conditions.min')} className={styles.narrow}>
            <Input
              type="number"
              readOnly={props.readOnly}
              value={range.min === null ? '' : String(range.min)}
              onChange={(_, data) => set(index, 'min', data.value)}
            />
          </Field>
          <Field
            label={t('event-settings.conditions.max')}
            className={styles.narrow}
            validationMessage={props.error(`${props.path}.${index}.max`) ?? props.error(`${props.path}.${index}.min`)}
          >
            <Input
              type="number"
              readOnly={props.readOnly}
              value={range.max === null ? '' : String(range.max)}
              onChange={(_, data) => set(index, 'max', data.value)}
            />
          </Field>
          {!props.readOnly && (
            <Button
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={`${t('event-settings.conditions.removeRange')} ${props.label} ${index + 1}`}
              onClick={() => props.onChange(props.ranges.filter((_, i) => i !== index))}
            />
          )}
        </div>
      ))}
      {props.ranges.length === 0 && props.readOnly && <Text>—</Text>}
      {!props.readOnly && (
        <div>
          <Button size="small" icon={<AddRegular />} onClick={() => props.onChange([...props.ranges, { min: null, max: null }])}>
            {t('event-settings.conditions.addRange')}
          </Button>
        </div>
      )}
    </Field>
  );
}
