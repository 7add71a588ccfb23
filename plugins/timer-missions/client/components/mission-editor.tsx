import { makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SettingsEditorBar,
  SettingsEditorConfirmation,
  useEditorCall,
  useSettingsEditor,
  useSettingsEditorStyles,
} from '@sensorium/core/client';
import { defaultMissionSettings, describeSchedule, type TimerMissionSettings } from '../../common';
import { settingsOf, type ListedMission, type TimerMissionsStoreInstance } from '../store';
import { ActionsSection } from './actions-section';
import { BasicSection } from './basic-section';
import { RunLog } from './run-log';
import { useSectionStyles, type SectionProps } from './section';
import { TimeslotsSection } from './timeslots-section';

const useStyles = makeStyles({
  description: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

/** Editing validates the draft this long after the last change, so adding or deleting parts pauses it briefly. */
const VALIDATE_DELAY_MS = 400;

/** The schedule description (accounts spec §9) of the slots, in the application's zone. */
const ScheduleDescription = observer(function ScheduleDescription(props: {
  settings: TimerMissionSettings;
  store: TimerMissionsStoreInstance;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const section = useSectionStyles();
  return (
    <div className={section.section}>
      <Subtitle2 as="h3">{t('timer-missions.description.heading')}</Subtitle2>
      <ul className={styles.description} aria-label={t('timer-missions.description.heading')}>
        {describeSchedule(props.settings.timeslots, t).map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
      {props.store.schedule && (
        <Text size={200}>{t('timer-missions.description.zone', { zone: props.store.schedule.timeZone })}</Text>
      )}
    </div>
  );
});

/**
 * The editor of one mission (accounts spec §2): a new one starts in edit mode with one default slot, Create and Cancel;
 * a saved one opens in view mode with Edit and the enable switch, and edits with Save, Discard and Delete, each confirmed.
 * Editing locks the list and validates the draft on every change.
 */
export const MissionEditor = observer(function MissionEditor(props: {
  store: TimerMissionsStoreInstance;
  /** null: a new mission. */
  mission: ListedMission | null;
  onClose(): void;
  /** A new mission was created (the store has selected it). */
  onCreated(): void;
}) {
  const { store, mission } = props;
  const { t } = useTranslation();
  const styles = useSettingsEditorStyles();
  const call = useEditorCall('timer-missions.editor');
  const editor = useSettingsEditor<TimerMissionSettings>({
    saved: () => (mission ? settingsOf(mission) : null),
    blank: () => defaultMissionSettings(dayjs().format('YYYY-MM-DD')),
    clearFailure: () => store.saving.clear(),
    onClose: () => props.onClose(),
    setLocked: (locked) => store.setLocked(locked),
  });
  const { draft, editing, dirty, change, setConfirming } = editor;
  const busy = store.saving.pending || store.deleting.pending;

  // Editing validates on every change (accounts spec §4), once the user has changed something.
  useEffect(() => {
    if (!editing || !dirty) return;
    const timer = setTimeout(() => void store.validate(mission?.id ?? null, draft, false), VALIDATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [store, mission, draft, editing, dirty]);

  const create = async () => {
    if (await call(store.create(draft), 'createFailed', t('timer-missions.editor.seeErrors'))) props.onCreated();
  };
  const save = async () => {
    if (!mission) return;
    setConfirming(null);
    if (await call(store.save(mission.id, draft), 'saveFailed')) {
      editor.finishEditing();
      void store.loadRuns(mission.id);
    }
  };
  const remove = async () => {
    if (!mission) return;
    setConfirming(null);
    if (await call(store.remove(mission.id), 'saveFailed')) props.onClose();
  };
  const toggle = async (isEnabled: boolean) => {
    if (!mission) return;
    if (await call(store.setEnabled(mission.id, isEnabled), 'switchFailed'))
      editor.setDraft((current) => ({ ...current, isEnabled }));
  };

  const section: SectionProps = {
    settings: draft,
    change,
    readOnly: !editing,
    errors: (key) => (editing ? (store.errors[key] ?? []) : []),
  };
  return (
    <div className={styles.editor}>
      <SettingsEditorBar
        i18nPrefix="timer-missions.editor"
        title={mission ? mission.missionName : t('timer-missions.list.createNew')}
        isNew={!mission}
        editing={editing}
        busy={busy}
        dirty={dirty}
        enabledLabel={t('timer-missions.editor.enabled')}
        enabled={mission?.isEnabled ?? false}
        switching={store.switching.pending}
        onToggle={(enabled) => void toggle(enabled)}
        onEdit={editor.startEditing}
        onCreate={() => void create()}
        onStop={editor.stopEditing}
        confirm={setConfirming}
      />
      <ScheduleDescription settings={draft} store={store} />
      {/* A disabled fieldset makes every control of view mode read-only at once. */}
      <fieldset className={styles.form} disabled={!editing}>
        <BasicSection {...section} />
        <ActionsSection {...section} store={store} />
        <TimeslotsSection {...section} />
      </fieldset>
      {mission && <RunLog store={store} missionId={mission.id} />}
      <SettingsEditorConfirmation
        i18nPrefix="timer-missions.editor"
        confirming={editor.confirming}
        isNew={!mission}
        busy={busy}
        onSave={() => void save()}
        onDiscard={editor.stopEditing}
        onDelete={() => void remove()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
});
