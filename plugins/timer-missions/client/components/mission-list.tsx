import { makeStyles, Text } from '@fluentui/react-components';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { DisabledBadge, SettingsList } from '@sensorium/core/client';
import type { TimerMissionsStoreInstance } from '../store';

const useStyles = makeStyles({
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
    <SettingsList
      label={t('timer-missions.list.missions')}
      createLabel={t('timer-missions.list.createNew')}
      empty={t('timer-missions.list.empty')}
      items={store.missions}
      selectedId={store.selectedId}
      createDisabled={store.locked}
      itemDisabled={(mission) => store.locked && mission.id !== store.selectedId}
      onCreate={props.onCreate}
      onSelect={props.onSelect}
      render={(mission) => (
        <>
          <span className={styles.text}>
            <span>{mission.missionName}</span>
            {mission.isEnabled && mission.nextRunAt && (
              <Text size={200}>
                {t('timer-missions.list.nextRun', { time: dayjs(mission.nextRunAt).format('DD/MM/YYYY HH:mm:ss') })}
              </Text>
            )}
          </span>
          {!mission.isEnabled && <DisabledBadge label={t('timer-missions.list.disabled')} />}
        </>
      )}
    />
  );
});
