import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Button,
  Field,
  Input,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowUploadRegular, DismissRegular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@sensorium/core/client';
import type { ScheduleSettings } from '../../common';
import type { TimerMissionsStoreInstance } from '../store';
import { useSectionStyles } from './section';

const useStyles = makeStyles({
  days: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, margin: 0, padding: 0, listStyle: 'none' },
  day: { display: 'flex', alignItems: 'center' },
  hidden: { display: 'none' },
});

/** The zones the browser knows, for the time-zone input's suggestions. */
function zones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
}

/** Schedule settings: the time zone the application's slots are read in, and its holidays (typed or from an .ics file). */
export const ScheduleSettingsSection = observer(function ScheduleSettingsSection(props: { store: TimerMissionsStoreInstance }) {
  const { store } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const section = useSectionStyles();
  const notify = useNotify();
  const listId = useId();
  const file = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<ScheduleSettings | null>(store.schedule);
  const [holiday, setHoliday] = useState(dayjs().format('YYYY-MM-DD'));
  useEffect(() => setDraft(store.schedule), [store.schedule]);
  if (!draft) return null;

  const failed = (message: string | null) =>
    notify({ intent: 'error', title: t('timer-missions.schedule.saveFailed'), body: message ?? undefined });
  const save = async () => {
    const outcome = await store.saveSchedule(draft);
    if (outcome.ok) notify({ intent: 'success', title: t('timer-missions.schedule.saved') });
    else failed(outcome.failure.message);
  };
  const importFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    const outcome = await store.importIcs(await chosen.text());
    if (outcome.ok) notify({ intent: 'success', title: t('timer-missions.schedule.imported') });
    else failed(outcome.failure.message);
    if (file.current) file.current.value = '';
  };
  const busy = store.scheduleSaving.pending || store.locked;

  return (
    <Accordion collapsible className={section.section}>
      <AccordionItem value="schedule">
        <AccordionHeader as="h3">{t('timer-missions.schedule.heading')}</AccordionHeader>
        <AccordionPanel>
          <div className={section.section}>
            <Field label={t('timer-missions.schedule.timeZone')} validationMessage={store.scheduleSaving.fieldError('timeZone')}>
              <Input list={listId} value={draft.timeZone} onChange={(_, data) => setDraft({ ...draft, timeZone: data.value })} />
            </Field>
            <datalist id={listId}>
              {zones().map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
            <Field label={t('timer-missions.schedule.holidays')}>
              {draft.holidays.length === 0 ? (
                <Text>{t('timer-missions.schedule.noHolidays')}</Text>
              ) : (
                <ul className={styles.days} aria-label={t('timer-missions.schedule.holidays')}>
                  {draft.holidays.map((day) => (
                    <li key={day} className={styles.day}>
                      <Text>{day}</Text>
                      <Button
                        appearance="subtle"
                        size="small"
                        icon={<DismissRegular />}
                        aria-label={t('timer-missions.schedule.removeHoliday', { date: day })}
                        onClick={() => setDraft({ ...draft, holidays: draft.holidays.filter((other) => other !== day) })}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </Field>
            <div className={section.row}>
              <Input
                type="date"
                value={holiday}
                aria-label={t('timer-missions.schedule.addHoliday')}
                onChange={(_, data) => setHoliday(data.value)}
              />
              <Button
                icon={<AddRegular />}
                disabled={!holiday}
                onClick={() => setDraft({ ...draft, holidays: [...new Set([...draft.holidays, holiday])].sort() })}
              >
                {t('timer-missions.schedule.addHoliday')}
              </Button>
              <Button icon={<ArrowUploadRegular />} disabled={busy} onClick={() => file.current?.click()}>
                {t('timer-missions.schedule.importIcs')}
              </Button>
              <input
                ref={file}
                className={styles.hidden}
                type="file"
                accept=".ics,text/calendar"
                aria-label={t('timer-missions.schedule.importIcs')}
                onChange={(event) => void importFile(event.target.files?.[0])}
              />
            </div>
            <div>
              <Button appearance="primary" disabled={busy} onClick={() => void save()}>
                {t('timer-missions.schedule.save')}
              </Button>
            </div>
          </div>
        </AccordionPanel>
      </AccordionItem>
    </Accordion>
  );
});
