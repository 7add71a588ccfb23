import { Badge, makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunStatus } from '../../common';
import type { TimerMissionsStoreInstance } from '../store';
import { useSectionStyles } from './section';

const COLOURS: Record<RunStatus, 'informative' | 'success' | 'danger' | 'warning'> = {
  sending: 'informative',
  sent: 'success',
  failed: 'danger',
  skipped: 'warning',
  interrupted: 'danger',
};
/** The log is read again this often while the mission is open, so a run shows up without a reload. */
const REFRESH_MS = 15_000;

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  run: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center', overflowWrap: 'anywhere' },
});

/** The mission's run log: when each start ran, which commands went, and the outcome (skipped ones included). */
export const RunLog = observer(function RunLog(props: { store: TimerMissionsStoreInstance; missionId: string }) {
  const { store, missionId } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const section = useSectionStyles();
  useEffect(() => {
    void store.loadRuns(missionId);
    const timer = setInterval(() => void store.loadRuns(missionId), REFRESH_MS);
    return () => clearInterval(timer);
  }, [store, missionId]);
  const deviceName = (itemName: string) =>
    store.devices.find((device) => device.itemName === itemName)?.itemDisplayName ?? itemName;
  const commandName = (itemName: string, id: string) =>
    store.commandsOf(itemName).find((command) => command.id === id)?.display ?? id;
  return (
    <div className={section.section}>
      <Subtitle2 as="h3">{t('timer-missions.runs.heading')}</Subtitle2>
      {store.runs.length === 0 ? (
        <Text>{t('timer-missions.runs.empty')}</Text>
      ) : (
        <ul className={styles.list} aria-label={t('timer-missions.runs.heading')}>
          {store.runs.map((run) => (
            <li key={run.id} className={styles.run}>
              <Text>{dayjs(run.ranAt).format('DD/MM/YYYY HH:mm:ss')}</Text>
              <Badge appearance="tint" color={COLOURS[run.status]}>
                {t(`timer-missions.runs.status.${run.status}`)}
              </Badge>
              <Text size={200}>
                {t('timer-missions.runs.scheduled')}: {dayjs(run.scheduledAt).format('DD/MM/YYYY HH:mm:ss')}
              </Text>
              {run.results.length > 0 && (
                <Text size={200}>
                  {t('timer-missions.runs.commands')}:{' '}
                  {run.results
                    .map(
                      (result) =>
                        `${deviceName(result.deviceName)} ${commandName(result.deviceName, result.commandId)} (${t(
                          `timer-missions.runs.status.${result.outcome}`,
                        )}${result.error ? `: ${t(result.error, { defaultValue: result.error })}` : ''})`,
                    )
                    .join(', ')}
                </Text>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
