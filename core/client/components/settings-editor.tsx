import { Button, makeStyles, mergeClasses, Subtitle1, Switch, Text, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../context';
import type { Outcome } from '../store/request';
import { ConfirmDialog } from './confirm-dialog';

/** The editor of one item of a list+editor page: its column, the title bar, and the form a disabled fieldset makes read-only. */
export const useSettingsEditorStyles = makeStyles({
  editor: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  title: { flexGrow: 1, overflowWrap: 'anywhere' },
  form: { border: 'none', margin: 0, padding: 0, minWidth: 0 },
});

/** A section of such an editor (a line above it), a wrapping row of fields, and a field that takes the row's room. */
export const useEditorSectionStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  grow: { flexGrow: 1, minWidth: '140px' },
});

/** One numbered part of a section's list (an action, a time slot): its label, Remove in edit mode, then its fields. */
export function EditorPart(props: {
  label: string;
  /** The Remove button's accessible name. */
  removeLabel: string;
  readOnly: boolean;
  onRemove(): void;
  /** Added to the section style of the part's fieldset. */
  className?: string;
  children: ReactNode;
}) {
  const styles = useEditorSectionStyles();
  return (
    <fieldset className={mergeClasses(styles.section, props.className)} aria-label={props.label}>
      <div className={styles.row}>
        <Text weight="semibold">{props.label}</Text>
        {!props.readOnly && (
          <Button appearance="subtle" icon={<DeleteRegular />} aria-label={props.removeLabel} onClick={props.onRemove} />
        )}
      </div>
      {props.children}
    </fieldset>
  );
}

/** Which of the editor's questions is open. */
export type EditorConfirming = 'save' | 'delete' | 'discard' | null;

/**
 * The state of the editor of one item (a rule, a mission): a new item starts in edit mode with `blank()`, a saved one
 * in view mode with `saved()`. Stopping edit mode (Cancel, Discard) forgets the changes and the last save's failure, and
 * closes a new item's editor. `setLocked` (if given) follows edit mode, so the page can keep the list still meanwhile.
 */
export function useSettingsEditor<T>(options: {
  /** The saved item's settings as they are now; null for a new item. */
  saved(): T | null;
  blank(): T;
  /** Forgets the last failed save (its field messages). */
  clearFailure(): void;
  onClose(): void;
  setLocked?(locked: boolean): void;
}) {
  const [editing, setEditing] = useState(() => options.saved() === null);
  const copy = useWorkingCopy<T>(() => options.saved() ?? options.blank());
  const [confirming, setConfirming] = useState<EditorConfirming>(null);
  const startEditing = () => {
    options.setLocked?.(true);
    setEditing(true);
  };
  /** After a successful save: view mode again. */
  const finishEditing = () => {
    copy.setDirty(false);
    setEditing(false);
    options.setLocked?.(false);
  };
  const stopEditing = () => {
    setConfirming(null);
    copy.setDirty(false);
    options.clearFailure();
    const saved = options.saved();
    if (saved !== null) {
      copy.setDraft(saved);
      setEditing(false);
      options.setLocked?.(false);
    } else options.onClose();
  };
  return { ...copy, editing, confirming, setConfirming, startEditing, finishEditing, stopEditing };
}

/**
 * Awaits a store call of an editor; a failure becomes an error notice titled `{i18nPrefix}.{titleKey}` with `body` or
 * else the server's message. Resolves whether the call succeeded.
 */
export function useEditorCall(i18nPrefix: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  return async (call: Promise<Outcome<unknown>>, titleKey: string, body?: string): Promise<boolean> => {
    const outcome = await call;
    if (!outcome.ok)
      notify({ intent: 'error', title: t(`${i18nPrefix}.${titleKey}`), body: body ?? outcome.failure.message ?? undefined });
    return outcome.ok;
  };
}

/** A settings editor's working copy: `change` applies a recipe to a copy of it and marks it changed (`dirty`). */
export function useWorkingCopy<T>(initial: () => T) {
  const [draft, setDraft] = useState<T>(initial);
  const [dirty, setDirty] = useState(false);
  const change = (recipe: (draft: T) => void) => {
    setDraft((current) => {
      const next = structuredClone(current);
      recipe(next);
      return next;
    });
    setDirty(true);
  };
  return { draft, setDraft, dirty, setDirty, change };
}

/**
 * Edit mode's buttons: Create and Cancel for a new item; Save, Discard and Delete for a saved one. Save and Delete ask
 * first; Cancel and Discard ask only when something changed. The texts are `{i18nPrefix}.create` and so on.
 */
export function SettingsEditButtons(props: {
  i18nPrefix: string;
  isNew: boolean;
  busy: boolean;
  dirty: boolean;
  onCreate(): void;
  /** Leaves edit mode without asking. */
  onStop(): void;
  confirm(question: Exclude<EditorConfirming, null>): void;
}) {
  const { t } = useTranslation();
  const text = (key: string) => t(`${props.i18nPrefix}.${key}`);
  const leave = () => (props.dirty ? props.confirm('discard') : props.onStop());
  if (props.isNew)
    return (
      <>
        <Button appearance="primary" disabled={props.busy} onClick={props.onCreate}>
          {text('create')}
        </Button>
        <Button disabled={props.busy} onClick={leave}>
          {text('cancel')}
        </Button>
      </>
    );
  return (
    <>
      <Button appearance="primary" disabled={props.busy} onClick={() => props.confirm('save')}>
        {text('save')}
      </Button>
      <Button disabled={props.busy} onClick={leave}>
        {text('discard')}
      </Button>
      <Button disabled={props.busy} onClick={() => props.confirm('delete')}>
        {text('delete')}
      </Button>
    </>
  );
}

/**
 * The editor's title bar: the item's name (or Create New's text), then in view mode the enable switch and Edit, in
 * edit mode SettingsEditButtons.
 */
export function SettingsEditorBar(props: {
  i18nPrefix: string;
  title: string;
  isNew: boolean;
  editing: boolean;
  busy: boolean;
  dirty: boolean;
  enabledLabel: string;
  enabled: boolean;
  /** The switch is turning the item on or off. */
  switching: boolean;
  onToggle(enabled: boolean): void;
  onEdit(): void;
  onCreate(): void;
  onStop(): void;
  confirm(question: Exclude<EditorConfirming, null>): void;
}) {
  const { t } = useTranslation();
  const styles = useSettingsEditorStyles();
  return (
    <div className={styles.bar}>
      <Subtitle1 as="h2" className={styles.title}>
        {props.title}
      </Subtitle1>
      {props.isNew || props.editing ? (
        <SettingsEditButtons
          i18nPrefix={props.i18nPrefix}
          isNew={props.isNew}
          busy={props.busy}
          dirty={props.dirty}
          onCreate={props.onCreate}
          onStop={props.onStop}
          confirm={props.confirm}
        />
      ) : (
        <>
          <Switch
            label={props.enabledLabel}
            checked={props.enabled}
            disabled={props.switching}
            onChange={(_, data) => props.onToggle(data.checked)}
          />
          <Button appearance="primary" onClick={props.onEdit}>
            {t(`${props.i18nPrefix}.edit`)}
          </Button>
        </>
      )}
    </div>
  );
}

/** The open question of the editor: save the changes, discard them (or the new item), or delete the item. */
export function SettingsEditorConfirmation(props: {
  i18nPrefix: string;
  confirming: EditorConfirming;
  isNew: boolean;
  busy: boolean;
  onSave(): void;
  onDiscard(): void;
  onDelete(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const text = (key: string) => t(`${props.i18nPrefix}.${key}`);
  switch (props.confirming) {
    case 'save':
      return (
        <ConfirmDialog
          title={text('saveChanges')}
          confirmLabel={text('yes')}
          busy={props.busy}
          onConfirm={props.onSave}
          onCancel={props.onCancel}
        />
      );
    case 'discard':
      return (
        <ConfirmDialog
          title={text(props.isNew ? 'discardNew' : 'discardChanges')}
          confirmLabel={text('yes')}
          onConfirm={props.onDiscard}
          onCancel={props.onCancel}
        />
      );
    case 'delete':
      return (
        <ConfirmDialog
          title={text('confirmDelete')}
          confirmLabel={text('delete')}
          busy={props.busy}
          onConfirm={props.onDelete}
          onCancel={props.onCancel}
        />
      );
    default:
      return null;
  }
}
