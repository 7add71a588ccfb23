import { Button, makeStyles, Subtitle1, Switch, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useNotify } from '@sensorium/core/client';
import { defaultRuleSettings, type EventRuleSettings } from '../../common';
import { settingsOf, type EventRuleInstance, type EventSettingsStoreInstance } from '../store';
import { ActionsSection } from './actions-section';
import { BasicSection } from './basic-section';
import { ConditionsSection } from './conditions-section';
import { NotificationSection } from './notification-section';
import type { SectionProps } from './section';
import { TimeSlotsSection } from './time-slots-section';
import { WebhookSection } from './webhook-section';

const useStyles = makeStyles({
  editor: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  title: { flexGrow: 1, overflowWrap: 'anywhere' },
  form: { border: 'none', margin: 0, padding: 0, minWidth: 0 },
});

type Confirming = 'save' | 'delete' | 'discard' | null;

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
  const styles = useStyles();
  const notify = useNotify();
  const [editing, setEditing] = useState(rule === null);
  const [draft, setDraft] = useState<EventRuleSettings>(() => (rule ? settingsOf(rule) : defaultRuleSettings()));
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const busy = store.saving.pending || store.deleting.pending;

  const change: SectionProps['change'] = (recipe) => {
    setDraft((current) => {
      const next = structuredClone(current);
      recipe(next);
      return next;
    });
    setDirty(true);
  };
  const stopEditing = () => {
    setConfirming(null);
    setDirty(false);
    store.saving.clear();
    if (rule) {
      setDraft(settingsOf(rule));
      setEditing(false);
    } else props.onClose();
  };

  const create = async () => {
    const outcome = await store.create(draft);
    if (outcome.ok) props.onCreated();
    else notify({ intent: 'error', title: t('event-settings.editor.createFailed'), body: t('event-settings.editor.seeErrors') });
  };
  const save = async () => {
    if (!rule) return;
    setConfirming(null);
    const outcome = await store.save(rule.id, draft);
    if (outcome.ok) {
      setDirty(false);
      setEditing(false);
    } else notify({ intent: 'error', title: t('event-settings.editor.saveFailed'), body: outcome.failure.message ?? undefined });
  };
  const remove = async () => {
    if (!rule) return;
    setConfirming(null);
    const outcome = await store.remove(rule.id);
    if (!outcome.ok)
      notify({ intent: 'error', title: t('event-settings.editor.deleteFailed'), body: outcome.failure.message ?? undefined });
  };
  const toggle = async (enabled: boolean) => {
    if (!rule) return;
    const outcome = await store.setEnabled(rule.id, enabled);
    if (outcome.ok) setDraft(settingsOf(rule));
    else notify({ intent: 'error', title: t('event-settings.editor.switchFailed'), body: outcome.failure.message ?? undefined });
  };

  const section: SectionProps = {
    settings: draft,
    change,
    readOnly: !editing,
    error: (field) => (editing ? store.saving.fieldError(field) : undefined),
  };
  return (
    <div className={styles.editor}>
      <div className={styles.bar}>
        <Subtitle1 as="h2" className={styles.title}>
          {rule ? rule.name : t('event-settings.list.createNew')}
        </Subtitle1>
        {rule && !editing && (
          <>
            <Switch
              label={t('event-settings.basic.enabled')}
              checked={rule.enabled}
              disabled={store.switching.pending}
              onChange={(_, data) => void toggle(data.checked)}
            />
            <Button appearance="primary" onClick={() => setEditing(true)}>
              {t('event-settings.editor.edit')}
            </Button>
          </>
        )}
        {!rule && (
          <>
            <Button appearance="primary" disabled={busy} onClick={() => void create()}>
              {t('event-settings.editor.create')}
            </Button>
            <Button disabled={busy} onClick={() => (dirty ? setConfirming('discard') : stopEditing())}>
              {t('event-settings.editor.cancel')}
            </Button>
          </>
        )}
        {rule && editing && (
          <>
            <Button appearance="primary" disabled={busy} onClick={() => setConfirming('save')}>
              {t('event-settings.editor.save')}
            </Button>
            <Button disabled={busy} onClick={() => (dirty ? setConfirming('discard') : stopEditing())}>
              {t('event-settings.editor.discard')}
            </Button>
            <Button disabled={busy} onClick={() => setConfirming('delete')}>
              {t('event-settings.editor.delete')}
            </Button>
          </>
        )}
      </div>
      {/* A disabled fieldset makes every control of view mode read-only at once. */}
      <fieldset className={styles.form} disabled={!editing}>
        <BasicSection {...section} />
        <ConditionsSection {...section} store={store} />
        <ActionsSection {...section} store={store} />
        <NotificationSection {...section} appId={store.appId ?? ''} />
        <WebhookSection {...section} />
        <TimeSlotsSection {...section} />
      </fieldset>
      {confirming === 'save' && (
        <ConfirmDialog
          title={t('event-settings.editor.saveChanges')}
          confirmLabel={t('event-settings.editor.yes')}
          busy={busy}
          onConfirm={() => void save()}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming === 'discard' && (
        <ConfirmDialog
          title={t(rule ? 'event-settings.editor.discardChanges' : 'event-settings.editor.discardNew')}
          confirmLabel={t('event-settings.editor.yes')}
          onConfirm={stopEditing}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming === 'delete' && (
        <ConfirmDialog
          title={t('event-settings.editor.confirmDelete')}
          confirmLabel={t('event-settings.editor.delete')}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
});
