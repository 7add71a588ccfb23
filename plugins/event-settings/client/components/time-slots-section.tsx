import { Button, Checkbox, Field, Input, Subtitle2, Text, ToggleButton } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { EditorPart } from '@sensorium/core/client';
import { defaultTimeSlot, type TimeSlot } from '../../common';
import { useSectionStyles, type SectionProps } from './section';

/** `HH:mm` from a time input becomes `HH:mm:00`. */
const withSeconds = (time: string) => (time.length === 5 ? `${time}:00` : time);

/** Time slots: begin on, until, always, start and end time, all day, repeat on weekdays. */
export function TimeSlotsSection({ settings, change, error, readOnly }: SectionProps) {
  const { t } = useTranslation();
  const styles = useSectionStyles();
  const set = (index: number, recipe: (draft: TimeSlot) => void) => change((draft) => recipe(draft.timeSlots[index]!));
  return (
    <div className={styles.section}>
      <Subtitle2 as="h3">{t('event-settings.timeSlots.heading')}</Subtitle2>
      {settings.timeSlots.length === 0 && <Text>{t('event-settings.timeSlots.none')}</Text>}
      {settings.timeSlots.map((slot, index) => {
        const at = (field: string) => error(`timeSlots.${index}.${field}`);
        const label = t('event-settings.timeSlots.slot', { number: index + 1 });
        return (
          <EditorPart
            key={index}
            label={label}
            removeLabel={`${t('event-settings.timeSlots.remove')} ${index + 1}`}
            readOnly={readOnly}
            onRemove={() => change((draft) => void draft.timeSlots.splice(index, 1))}
          >
            <Checkbox
              label={t('event-settings.timeSlots.always')}
              checked={slot.always}
              onChange={(_, data) => set(index, (draft) => void (draft.always = data.checked === true))}
            />
            {!slot.always && (
              <div className={styles.row}>
                <Field label={t('event-settings.timeSlots.beginOn')} validationMessage={at('beginOn')} className={styles.grow}>
                  <Input
                    type="date"
                    value={slot.beginOn ?? ''}
                    onChange={(_, data) => set(index, (draft) => void (draft.beginOn = data.value || null))}
                  />
                </Field>
                <Field label={t('event-settings.timeSlots.until')} validationMessage={at('until')} className={styles.grow}>
                  <Input
                    type="date"
                    value={slot.until ?? ''}
                    onChange={(_, data) => set(index, (draft) => void (draft.until = data.value || null))}
                  />
                </Field>
              </div>
            )}
            <Checkbox
              label={t('event-settings.timeSlots.allDay')}
              checked={slot.allDay}
              onChange={(_, data) => set(index, (draft) => void (draft.allDay = data.checked === true))}
            />
            {!slot.allDay && (
              <div className={styles.row}>
                <Field
                  label={t('event-settings.timeSlots.startTime')}
                  validationMessage={at('startTime')}
                  className={styles.grow}
                >
                  <Input
                    type="time"
                    step={1}
                    value={slot.startTime}
                    onChange={(_, data) => set(index, (draft) => void (draft.startTime = withSeconds(data.value)))}
                  />
                </Field>
                <Field label={t('event-settings.timeSlots.endTime')} validationMessage={at('endTime')} className={styles.grow}>
                  <Input
                    type="time"
                    step={1}
                    value={slot.endTime}
                    onChange={(_, data) => set(index, (draft) => void (draft.endTime = withSeconds(data.value)))}
                  />
                </Field>
              </div>
            )}
            <Field label={t('event-settings.timeSlots.repeatOn')} validationMessage={at('weekdays')}>
              <div className={styles.row}>
                {slot.weekdays.map((on, day) => (
                  <ToggleButton
                    key={day}
                    size="small"
                    checked={on}
                    onClick={() => set(index, (draft) => void (draft.weekdays[day] = !on))}
                  >
                    {t(`event-settings.timeSlots.weekday.${day}`)}
                  </ToggleButton>
                ))}
              </div>
            </Field>
          </EditorPart>
        );
      })}
      {!readOnly && (
        <div>
          <Button icon={<AddRegular />} onClick={() => change((draft) => void draft.timeSlots.push(defaultTimeSlot()))}>
            {t('event-settings.timeSlots.add')}
          </Button>
        </div>
      )}
    </div>
  );
}
