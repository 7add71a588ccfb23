import { Button, Checkbox, Field, Input, Subtitle2, Text, ToggleButton } from '@fluentui/react-components';
import { AddRegular, DismissRegular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EditorPart } from '@sensorium/core/client';
import {
  dateKey,
  datePartsOf,
  defaultTimeSlot,
  REPEAT_FLAGS,
  timeText,
  type MissionTimeSlot,
  type TimeParts,
} from '../../common';
import { PartErrors } from './part-errors';
import { useSectionStyles, type SectionProps } from './section';

/** `HH:mm` or `HH:mm:ss` from a time input. */
function timeParts(text: string): TimeParts | null {
  const [hour, minute, second = 0] = text.split(':').map(Number);
  if (![hour, minute, second].every((part) => Number.isInteger(part))) return null;
  return { hour: hour!, minute: minute!, second };
}

/** Time slots: always effective, effective and until dates, start and end times, eight repeat flags and skip dates. */
export function TimeslotsSection({ settings, change, errors, readOnly }: SectionProps) {
  const { t } = useTranslation();
  const styles = useSectionStyles();
  const set = (index: number, recipe: (draft: MissionTimeSlot) => void) => change((draft) => recipe(draft.timeslots[index]!));
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <div className={styles.section}>
      <Subtitle2 as="h3">{t('timer-missions.timeslots.heading')}</Subtitle2>
      <Text size={200}>{t('timer-missions.timeslots.endNote')}</Text>
      {settings.timeslots.length === 0 && <Text>{t('timer-missions.timeslots.none')}</Text>}
      {settings.timeslots.map((slot, index) => {
        const label = t('timer-missions.timeslots.slot', { number: index + 1 });
        return (
          <EditorPart
            key={index}
            label={label}
            removeLabel={`${t('timer-missions.timeslots.remove')} ${index + 1}`}
            readOnly={readOnly}
            onRemove={() => change((draft) => void draft.timeslots.splice(index, 1))}
            className={styles.section}
          >
            <Checkbox
              label={t('timer-missions.timeslots.always')}
              checked={slot.isAlwaysEffective}
              onChange={(_, data) => set(index, (draft) => void (draft.isAlwaysEffective = data.checked === true))}
            />
            {!slot.isAlwaysEffective && (
              <div className={styles.row}>
                <Field label={t('timer-missions.timeslots.effectiveDate')} className={styles.grow}>
                  <Input
                    type="date"
                    value={dateKey(slot.effectiveDate)}
                    onChange={(_, data) =>
                      data.value && set(index, (draft) => void (draft.effectiveDate = datePartsOf(data.value)))
                    }
                  />
                </Field>
                <Field label={t('timer-missions.timeslots.untilDate')} className={styles.grow}>
                  <Input
                    type="date"
                    value={dateKey(slot.untilDate)}
                    onChange={(_, data) => data.value && set(index, (draft) => void (draft.untilDate = datePartsOf(data.value)))}
                  />
                </Field>
              </div>
            )}
            <div className={styles.row}>
              <Field label={t('timer-missions.timeslots.startTime')} className={styles.grow}>
                <Input
                  type="time"
                  step={1}
                  value={timeText(slot.startTime)}
                  onChange={(_, data) => {
                    const parts = timeParts(data.value);
                    if (parts) set(index, (draft) => void (draft.startTime = parts));
                  }}
                />
              </Field>
              <Field label={t('timer-missions.timeslots.endTime')} className={styles.grow}>
                <Input
                  type="time"
                  step={1}
                  value={timeText(slot.endTime)}
                  onChange={(_, data) => {
                    const parts = timeParts(data.value);
                    if (parts) set(index, (draft) => void (draft.endTime = parts));
                  }}
                />
              </Field>
            </div>
            <Field label={t('timer-missions.timeslots.repeatOn')}>
              <div className={styles.row}>
                {Array.from({ length: REPEAT_FLAGS }, (_, flag) => (
                  <ToggleButton
                    key={flag}
                    size="small"
                    appearance={slot.repeatOn[flag] === true ? 'primary' : 'secondary'}
                    checked={slot.repeatOn[flag] === true}
                    aria-label={t(`timer-missions.weekday.${flag}`)}
                    onClick={() => set(index, (draft) => void (draft.repeatOn[flag] = !draft.repeatOn[flag]))}
                  >
                    {t(`timer-missions.weekdayShort.${flag}`)}
                  </ToggleButton>
                ))}
              </div>
            </Field>
            <Field label={t('timer-missions.timeslots.skipDates')}>
              <div className={styles.row}>
                {(slot.skipDate ?? []).map((day, dayIndex) => (
                  <span key={dayIndex} className={styles.row}>
                    <Input
                      type="date"
                      value={dateKey(day)}
                      aria-label={t('timer-missions.timeslots.skipDates')}
                      onChange={(_, data) =>
                        data.value && set(index, (draft) => void (draft.skipDate![dayIndex] = datePartsOf(data.value)))
                      }
                    />
                    {!readOnly && (
                      <Button
                        appearance="subtle"
                        size="small"
                        icon={<DismissRegular />}
                        aria-label={t('timer-missions.timeslots.removeSkip', { date: dateKey(day) })}
                        onClick={() => set(index, (draft) => void draft.skipDate?.splice(dayIndex, 1))}
                      />
                    )}
                  </span>
                ))}
                {!readOnly && (
                  <Button
                    size="small"
                    icon={<AddRegular />}
                    onClick={() => set(index, (draft) => void (draft.skipDate = [...(draft.skipDate ?? []), datePartsOf(today)]))}
                  >
                    {t('timer-missions.timeslots.addSkip')}
                  </Button>
                )}
              </div>
            </Field>
            <PartErrors messages={errors(`timeslot-${index}`)} />
          </EditorPart>
        );
      })}
      {!readOnly && (
        <div>
          <Button
            icon={<AddRegular />}
            onClick={() => change((draft) => void draft.timeslots.push(defaultTimeSlot(today, draft.timeslots[0])))}
          >
            {t('timer-missions.timeslots.add')}
          </Button>
        </div>
      )}
    </div>
  );
}
