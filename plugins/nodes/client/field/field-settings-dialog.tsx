import { Button, Divider, makeStyles, Spinner, Subtitle2, Tab, TabList, tokens } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useContributions, useDraft, useNotify, type Outcome } from '@sensorium/core/client';
import { fieldSettingSections, rangeActions, type ItemOption } from '../../common/extension-points';
import type { FieldPreference, RangeEntry } from '../../common/field-preference';
import { validateFieldPreference } from '../../common/preference-validation';
import type { Item } from '../../common/types';
import { DialogShell } from '../dialogs/dialog-shell';
import { openRangesTab, updateRange, visibleSections } from './field-rules';
import { RangeActionHost } from './range-action-host';
import { RangeEditor } from './range-editor';

const useStyles = makeStyles({
  surface: { maxWidth: '960px', width: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxHeight: '70vh', overflowY: 'auto' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  top: { display: 'flex', justifyContent: 'flex-end' },
});

function Section(props: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label={props.title}>
      <Subtitle2 as="h3">{props.title}</Subtitle2>
      {props.children}
      <Divider />
    </section>
  );
}

/** The dialog's tabs: 1 Settings, 2 Color Ranges. */
export type FieldSettingsTab = 1 | 2;

export interface FieldSettingsDialogProps {
  appId: string;
  item: Item;
  field: string;
  /** The field's preference as saved (the dialog edits a draft of it). */
  preference: FieldPreference;
  /** The application's items, for the range actions (e.g. a task's device). */
  items: readonly ItemOption[];
  activeTab?: FieldSettingsTab;
  canWrite: boolean;
  /** A save is running. */
  saving: boolean;
  /** Stores the edited copy, based on the preference the edit started from (409 when it has changed since). */
  onSave(preference: FieldPreference, basedOn: FieldPreference): Promise<Outcome<unknown>>;
  /** The field's preference as stored now (after a refused save reloaded it). */
  stored(): FieldPreference | undefined;
  /** A range action's dialog stored something itself and answered the item. */
  onItemSaved(item: Item): void;
  onClose(): void;
}

/**
 * Field Settings (spec 2.5): a Settings tab (Save at the top; the contributed sections shown by signal and item type)
 * and a Color Ranges tab (the range editor, with the contributed actions of each range). Opens on the caller's tab
 * (default 1). The edited copy is validated as the server will: each input shows its problem, and Save with problems
 * sends nothing, opens the tab of the first one and says what it is. A failed save shows 'Update failed!' with the
 * server's message and keeps the dialog open; dismissing discards the edited copy. The edited copy is a draft: what
 * the user changed stays whatever the item receives meanwhile; a save that someone else's change of this field
 * overtook says so, and saving again replaces it.
 */
export function FieldSettingsDialog(props: FieldSettingsDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const sections = useContributions(fieldSettingSections);
  const actions = [...useContributions(rangeActions)].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  const initialTab = props.activeTab ?? 1;
  const [tab, setTab] = useState<FieldSettingsTab>(initialTab);
  const edited = useDraft(props.preference, initialTab === 2 ? openRangesTab : undefined);
  const draft = edited.value;
  const setDraft = edited.set;
  /** The range action whose dialog is open. */
  const [open, setOpen] = useState<{ action: string; index: number } | null>(null);

  const change = (patch: Partial<FieldPreference>) => setDraft((current) => ({ ...current, ...patch }));

  const problems = validateFieldPreference(draft);

  const save = async () => {
    const [problem] = problems;
    if (problem) {
      setTab(problem.field.startsWith('rangeSettings') ? 2 : 1);
      notify({ intent: 'error', title: t('nodes.updateFailed'), body: t(problem.code, problem.params) });
      return;
    }
    const outcome = await props.onSave(draft, edited.base);
    if (outcome.ok) {
      props.onClose();
      return;
    }
    const now = outcome.failure.status === 409 ? props.stored() : undefined;
    if (now) edited.rebase(now);
    notify({ intent: 'error', title: t('nodes.updateFailed'), body: outcome.failure.message ?? undefined });
  };

  const action = open ? actions.find((entry) => entry.id === open.action) : undefined;
  const range: RangeEntry | undefined = open ? draft.rangeSettings.ranges[open.index] : undefined;

  return (
    <DialogShell
      label={t('nodes.fieldSettings.title')}
      title={
        <>
          {t('nodes.fieldSettings.title')}: {props.field}
        </>
      }
      alert
      surfaceClassName={styles.surface}
      contentClassName={styles.content}
      onClose={props.onClose}
      actions={<Button onClick={props.onClose}>{t('nodes.close')}</Button>}
    >
      <TabList
        selectedValue={tab}
        onTabSelect={(_, data) => {
          const next = data.value as FieldSettingsTab;
          if (next === 2) setDraft((current) => openRangesTab(current));
          setTab(next);
        }}
      >
        <Tab value={1}>{t('nodes.fieldSettings.settingsTab')}</Tab>
        <Tab value={2}>{t('nodes.fieldSettings.rangesTab')}</Tab>
      </TabList>
      <div className={styles.top}>
        <Button
          appearance="primary"
          icon={props.saving ? <Spinner size="extra-tiny" /> : <SaveRegular />}
          disabled={!props.canWrite || props.saving}
          onClick={() => void save()}
        >
          {t('nodes.save')}
        </Button>
      </div>
      {tab === 1 &&
        visibleSections(sections, draft.signal, props.item.itemType).map((section) => (
          <Section key={section.id} title={t(section.titleKey)}>
            <Suspense fallback={<Spinner size="tiny" />}>
              <section.component
                field={props.field}
                item={props.item}
                value={draft}
                onChange={change}
                canWrite={props.canWrite}
                problems={problems}
              />
            </Suspense>
          </Section>
        ))}
      {tab === 2 && (
        <RangeEditor
          value={draft.rangeSettings}
          signal={draft.signal}
          actions={actions}
          onChange={(rangeSettings) => change({ rangeSettings })}
          onAction={(id, index) => setOpen({ action: id, index })}
          problems={problems}
        />
      )}
      {/* Nested in this dialog, so closing them gives the focus and the screen reader back to it. */}
      {open && action && range && (
        <Suspense fallback={null}>
          <RangeActionHost
            action={action}
            appId={props.appId}
            item={props.item}
            field={props.field}
            rangeIndex={open.index}
            range={range}
            stored={open.index < props.preference.rangeSettings.ranges.length}
            items={props.items}
            onRangeChange={(update) =>
              setDraft((current) => ({ ...current, rangeSettings: updateRange(current.rangeSettings, open.index, update) }))
            }
            onItemSaved={(item) => {
              props.onItemSaved(item);
              // Stored by the range's own dialog: the draft is based on what the server holds now.
              const now = item.input[props.field];
              if (now) edited.rebase(now);
            }}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </DialogShell>
  );
}
