import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import {
  SettingsEditorBar,
  SettingsEditorConfirmation,
  useEditorCall,
  useSettingsEditor,
  useSettingsEditorStyles,
} from '@sensorium/core/client';
import { defaultRuleSettings, type EventRuleSettings } from '../../common';
import { settingsOf, type EventRuleInstance, type EventSettingsStoreInstance } from '../store';
import { ActionsSection } from './actions-section';
import { BasicSection } from './basic-section';
import { ConditionsSection } from './conditions-section';
import { NotificationSection } from './notification-section';
import type { SectionProps } from './section';
import { TimeSlotsSection } from './time-slots-section';
import { WebhookSection } from './webhook-section';

/**
 * The editor of one rule (like Timer Mission Setting's): a new rule starts in edit mode with Create and Cancel; a saved
 * one opens in view mode with Edit and the enable switch, and edits with Save, Discard and Delete, each confirmed.
 */
export const RuleEditor = observer(function RuleEditor(props: {
  store: EventSettingsStoreInstance;
  /** null: a new rule. */
  rule: EventRuleInstance | null;
  onClose(): void;
  /** A new rule was created (the store has selected it). */
  onCreated(): void;
}) {
  const { store, rule } = props;
  const { t } = useTranslation();
  const styles = useSettingsEditorStyles();
  const call = useEditorCall('event-settings.editor');
  const editor = useSettingsEditor<EventRuleSettings>({
    saved: () => (rule ? settingsOf(rule) : null),
    blank: defaultRuleSettings,
    clearFailure: () => store.saving.clear(),
    onClose: () => props.onClose(),
  });
  const { draft, editing, dirty, change, setConfirming } = editor;
  const busy = store.saving.pending || store.deleting.pending;

  const create = async () => {
    if (await call(store.create(draft), 'createFailed', t('event-settings.editor.seeErrors'))) props.onCreated();
  };
  const save = async () => {
    if (!rule) return;
    setConfirming(null);
    if (await call(store.save(rule.id, draft), 'saveFailed')) editor.finishEditing();
  };
  const remove = async () => {
    if (!rule) return;
    setConfirming(null);
    await call(store.remove(rule.id), 'deleteFailed');
  };
  const toggle = async (enabled: boolean) => {
    if (!rule) return;
    if (await call(store.setEnabled(rule.id, enabled), 'switchFailed')) editor.setDraft(settingsOf(rule));
  };

  const section: SectionProps = {
    settings: draft,
    change,
    readOnly: !editing,
    error: (field) => (editing ? store.saving.fieldError(field) : undefined),
  };
  return (
    <div className={styles.editor}>
      <SettingsEditorBar
        i18nPrefix="event-settings.editor"
        title={rule ? rule.name : t('event-settings.list.createNew')}
        isNew={!rule}
        editing={editing}
        busy={busy}
        dirty={dirty}
        enabledLabel={t('event-settings.basic.enabled')}
        enabled={rule?.enabled ?? false}
        switching={store.switching.pending}
        onToggle={(enabled) => void toggle(enabled)}
        onEdit={editor.startEditing}
        onCreate={() => void create()}
        onStop={editor.stopEditing}
        confirm={setConfirming}
      />
      {/* A disabled fieldset makes every control of view mode read-only at once. */}
      <fieldset className={styles.form} disabled={!editing}>
        <BasicSection {...section} />
        <ConditionsSection {...section} store={store} />
        <ActionsSection {...section} store={store} />
        <NotificationSection {...section} appId={store.appId ?? ''} />
        <WebhookSection {...section} />
        <TimeSlotsSection {...section} />
      </fieldset>
      <SettingsEditorConfirmation
        i18nPrefix="event-settings.editor"
        confirming={editor.confirming}
        isNew={!rule}
        busy={busy}
        onSave={() => void save()}
        onDiscard={editor.stopEditing}
        onDelete={() => void remove()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
});
