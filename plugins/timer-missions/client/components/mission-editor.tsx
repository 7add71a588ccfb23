import { Button, makeStyles, Subtitle1, Subtitle2, Switch, Text, tokens } from '@fluentui/react-components';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useNotify } from '@sensorium/core/client';
import { defaultMissionSettings, describeSchedule, type TimerMissionSettings } from '../../common';
import { settingsOf, type ListedMission, type TimerMissionsStoreInstance } from '../store';
import { ActionsSection } from './actions-section';
import { BasicSection } from './basic-section';
import { RunLog } from './run-log';
import { useSectionStyles, type SectionProps } from './section';
import { TimeslotsSection } from './timeslots-section';

const useStyles = makeStyles({
  editor: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  title: { flexGrow: 1, overflowWrap: 'anywhere' },
  form: { border: 'none', margin: 0, padding: 0, minWidth: 0 },
  description: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

type Confirming = 'save' | 'delete' | 'discard' | null;
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
  const styles = useStyles();
  const notify = useNotify();
  const [editing, setEditing] = useState(mission === null);
  const [draft, setDraft] = useState<TimerMissionSettings>(() =>
    mission ? settingsOf(mission) : defaultMissionSettings(dayjs().format('YYYY-MM-DD')),
  );
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const busy = store.saving.pending || store.deleting.pending;

  // Editing validates on every change (accounts spec §4), once the user has changed something.
  useEffect(() => {
    if (!editing || !dirty) return;
    const timer = setTimeout(() => void store.validate(mission?.id ?? null, draft, false), VALIDATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [store, mission, draft, editing, dirty]);

  const change: SectionProps['change'] = (recipe) => {
    setDraft((current) => {
      const next = structuredClone(current);
      recipe(next);
      return next;
    });
    setDirty(true);
  };
  const startEditing = () => {
    store.setLocked(true);
    setEditing(true);
  };
  const stopEditing = () => {
    setConfirming(null);
    setDirty(false);
    store.saving.clear();
    if (mission) {
      setDraft(settingsOf(mission));
      setEditing(false);
      store.setLocked(false);
    } else props.onClose();
  };

  const create = async () => {
    const outcome = await store.create(draft);
    if (outcome.ok) props.onCreated();
    else notify({ intent: 'error', title: t('timer-missions.editor.createFailed'), body: t('timer-missions.editor.seeErrors') });
  };
  const save = async () => {
    if (!mission) return;
    setConfirming(null);
    const outcome = await store.save(mission.id, draft);
    if (outcome.ok) {
      setDirty(false);
      setEditing(false);
      store.setLocked(false);
      void store.loadRuns(mission.id);
    } else notify({ intent: 'error', title: t('timer-missions.editor.saveFailed'), body: outcome.failure.message ?? undefined });
  };
  const remove = async () => {
    if (!mission) return;
    setConfirming(null);
    const outcome = await store.remove(mission.id);
    if (outcome.ok) props.onClose();
    else notify({ intent: 'error', title: t('timer-missions.editor.saveFailed'), body: outcome.failure.message ?? undefined });
  };
  const toggle = async (isEnabled: boolean) => {
    if (!mission) return;
    const outcome = await store.setEnabled(mission.id, isEnabled);
    if (outcome.ok) setDraft((current) => ({ ...current, isEnabled }));
    else notify({ intent: 'error', title: t('timer-missions.editor.switchFailed'), body: outcome.failure.message ?? undefined });
  };

  const section: SectionProps = {
    settings: draft,
    change,
    readOnly: !editing,
    errors: (key) => (editing ? (store.errors[key] ?? []) : []),
  };
  return (
    <div className={styles.editor}>
      <div className={styles.bar}>
        <Subtitle1 as="h2" className={styles.title}>
          {mission ? mission.missionName : t('timer-missions.list.createNew')}
        </Subtitle1>
        {mission && !editing && (
          <>
            <Switch
              label={t('timer-missions.editor.enabled')}
              checked={mission.isEnabled}
              disabled={store.switching.pending}
              onChange={(_, data) => void toggle(data.checked)}
            />
            <Button appearance="primary" onClick={startEditing}>
              {t('timer-missions.editor.edit')}
            </Button>
          </>
        )}
        {!mission && (
          <>
            <Button appearance="primary" disabled={busy} onClick={() => void create()}>
              {t('timer-missions.editor.create')}
            </Button>
            <Button disabled={busy} onClick={() => (dirty ? setConfirming('discard') : stopEditing())}>
              {t('timer-missions.editor.cancel')}
            </Button>
          </>
        )}
        {mission && editing && (
          <>
            <Button appearance="primary" disabled={busy} onClick={() => setConfirming('save')}>
              {t('timer-missions.editor.save')}
            </Button>
            <Button disabled={busy} onClick={() => (dirty ? setConfirming('discard') : stopEditing())}>
              {t('timer-missions.editor.discard')}
            </Button>
            <Button disabled={busy} onClick={() => setConfirming('delete')}>
              {t('timer-missions.editor.delete')}
            </Button>
          </>
        )}
      </div>
      <ScheduleDescription settings={draft} store={store} />
      {/* A disabled fieldset makes every control of view mode read-only at once. */}
      <fieldset className={styles.form} disabled={!editing}>
        <BasicSection {...section} />
        <ActionsSection {...section} store={store} />
        <TimeslotsSection {...section} />
      </fieldset>
      {mission && <RunLog store={store} missionId={mission.id} />}
      {confirming === 'save' && (
        <ConfirmDialog
          title={t('timer-missions.editor.saveChanges')}
          confirmLabel={t('timer-missions.editor.yes')}
          busy={busy}
          onConfirm={() => void save()}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming === 'discard' && (
        <ConfirmDialog
          title={t(mission ? 'timer-missions.editor.discardChanges' : 'timer-missions.editor.discardNew')}
          confirmLabel={t('timer-missions.editor.yes')}
          onConfirm={stopEditing}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming === 'delete' && (
        <ConfirmDialog
          title={t('timer-missions.editor.confirmDelete')}
          confirmLabel={t('timer-missions.editor.delete')}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
});
