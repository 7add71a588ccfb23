import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { TimerMissionsStoreInstance } from '../store';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyle: 'none' },
  mission: { width: '100%', justifyContent: 'flex-start', textAlign: 'start', minWidth: 0 },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
});

/** The application's missions (with the next start or Disabled) and Create New, disabled while the editor is locked. */
export const MissionList = observer(function MissionList(props: {
  store: TimerMissionsStoreInstance;
  onCreate(): void;
  onSelect(id: string): void;
}) {
  const { store } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <nav aria-label={t('timer-missions.list.missions')}>
      <Button appearance="primary" icon={<AddRegular />} disabled={store.locked} onClick={props.onCreate}>
        {t('timer-missions.list.createNew')}
      </Button>
      {store.missions.length === 0 ? (
        <Text block>{t('timer-missions.list.empty')}</Text>
      ) : (
        <ul className={styles.list}>
          {store.missions.map((mission) => (
            <li key={mission.id}>
              <Button
                className={styles.mission}
                appearance={mission.id === store.selectedId ? 'secondary' : 'subtle'}
                aria-current={mission.id === store.selectedId ? 'true' : undefined}
                disabled={store.locked && mission.id !== store.selectedId}
                onClick={() => props.onSelect(mission.id)}
              >
                <span className={styles.text}>
                  <span>{mission.missionName}</span>
                  {mission.isEnabled && mission.nextRunAt && (
                    <Text size={200}>
                      {t('timer-missions.list.nextRun', { time: dayjs(mission.nextRunAt).format('DD/MM/YYYY HH:mm:ss') })}
                    </Text>
                  )}
                </span>
                {!mission.isEnabled && (
                  <Badge appearance="outline" color="subtle">
                    {t('timer-missions.list.disabled')}
                  </Badge>
                )}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
});
