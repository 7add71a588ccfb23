import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  mergeClasses,
  Radio,
  RadioGroup,
  Select,
  Switch,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataSourceForms, useContributions, useNotify } from '@sensorium/core/client';
import { MAX_TREE_DEPTH, type Item, type ItemType } from '../../common/types';
import type { WizardStoreInstance } from '../store/wizard-store';
import {
  initialWizardState,
  stepErrors,
  stepStyle,
  WIZARD_STEPS,
  type StepStyle,
  type WizardState,
  type WizardStepIndex,
} from './wizard-rules';
import { DialogShell } from '../dialogs/dialog-shell';

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '95vw' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  steps: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  step: { flexGrow: 1, justifyContent: 'flex-start', borderRadius: tokens.borderRadiusMedium },
  completed: { backgroundColor: tokens.colorPaletteGreenBackground2, color: tokens.colorPaletteGreenForeground2 },
  active: { backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand },
  disabled: { color: tokens.colorNeutralForegroundDisabled },
  error: {
    backgroundColor: tokens.colorPaletteRedBackground2,
    color: tokens.colorPaletteRedForeground2,
    border: `1px solid ${tokens.colorPaletteRedBorder2}`,
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

export interface WizardParent {
  itemName: string;
  itemDisplayName?: string;
  itemType: ItemType;
  /** 1 for the root (OutlineRow.depth). */
  depth: number;
}

export interface AddItemWizardProps {
  /** The wizard's store (its application and pre-selected parent, the name check, the profiles, the save). */
  wizard: WizardStoreInstance;
  /** The tree rows; nodes that can still take a child are offered as parents. */
  parents: readonly WizardParent[];
  onAdded(item: Item): void;
  onClose(): void;
}

/**
 * Add a node/device wizard (spec 2.11): Select Type, Basic Information and Extra Settings, free jumps between steps,
 * step tabs styled completed / active / disabled with an error highlight, Next disabled until the step is valid, Save on
 * step 3, an error panel per step. The data-source forms come from the `dataSourceForms` extension point; the device
 * profile list is reloaded whenever the step changes.
 */
export const AddItemWizard = observer(function AddItemWizard(props: AddItemWizardProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const { wizard } = props;
  const forms = [...useContributions(dataSourceForms)].sort(
    (a, b) => (a.order ?? 100) - (b.order ?? 100) || a.type.localeCompare(b.type),
  );
  const [state, setState] = useState<WizardState>(() => initialWizardState(wizard.parentName));
  const [step, setStep] = useState<WizardStepIndex>(0);
  const [visited, setVisited] = useState<ReadonlySet<number>>(new Set([0]));
  const [tagsText, setTagsText] = useState('');
  const [nameTouched, setNameTouched] = useState(false);

  const form = forms.find((entry) => entry.type === state.dataSourceType);
  const set = (patch: Partial<WizardState>) => setState((current) => ({ ...current, ...patch }));
  const nameStatus = wizard.nameStatus;

  // Spec 4: the device-profile list is reloaded when the step (or the source) changes.
  const profileSource = state.itemType === 'item' ? form?.profileSource : undefined;
  useEffect(() => {
    void wizard.loadProfiles(profileSource);
  }, [wizard, profileSource, step]);

  const context = {
    nameStatus,
    formErrors: form?.validate?.(state.dataSource) ?? [],
    hasForm: !!form,
  };
  const errors = WIZARD_STEPS.map((_, index) => stepErrors(state, index as WizardStepIndex, context));
  const valid = errors.map((list) => list.length === 0);
  const parents = props.parents.filter((row) => row.itemType === 'node' && row.depth < MAX_TREE_DEPTH);

  const go = (next: WizardStepIndex) => {
    setVisited((current) => new Set(current).add(step).add(next));
    setStep(next);
  };
  const chooseSource = (type: string) => {
    const chosen = forms.find((entry) => entry.type === type);
    set({ dataSourceType: type, dataSource: chosen?.initialValue?.() ?? {} });
  };

  const save = async () => {
    setVisited(new Set([0, 1, 2]));
    if (!valid.every(Boolean)) return;
    const outcome = await wizard.add({ ...state, tags: tagsText.split(',') }, profileSource);
    if (!outcome.ok) {
      notify({ intent: 'error', title: t('nodes.wizard.failed'), body: t('nodes.wizard.failedBody') });
      return;
    }
    notify({ intent: 'success', title: t('nodes.wizard.saved'), body: t('nodes.wizard.savedBody') });
    props.onAdded(outcome.value);
    props.onClose();
  };

  const styleClass: Record<StepStyle, string> = {
    completed: styles.completed,
    active: styles.active,
    disabled: styles.disabled,
    error: styles.error,
  };
  const shownErrors = WIZARD_STEPS.map((_, index) => (visited.has(index) && index !== step ? errors[index]! : []));
  const FormComponent = form?.component;

  return (
    <DialogShell
      label={t('nodes.wizard.title')}
      title={t('nodes.wizard.title')}
      alert
      surfaceClassName={styles.surface}
      contentClassName={styles.body}
      onClose={props.onClose}
      actions={
        <>
          <Button onClick={props.onClose}>{t('nodes.wizard.cancel')}</Button>
          {step > 0 ? <Button onClick={() => go((step - 1) as WizardStepIndex)}>{t('nodes.wizard.back')}</Button> : null}
          {step < 2 ? (
            <Button appearance="primary" disabled={!valid[step]} onClick={() => go((step + 1) as WizardStepIndex)}>
              {t('nodes.wizard.next')}
            </Button>
          ) : (
            <Button appearance="primary" disabled={wizard.saving.pending || !valid.every(Boolean)} onClick={() => void save()}>
              {t('nodes.wizard.save')}
            </Button>
          )}
        </>
      }
    >
      <div className={styles.steps} role="tablist" aria-label={t('nodes.wizard.title')}>
        {WIZARD_STEPS.map((key, index) => {
          const look = stepStyle(index as WizardStepIndex, step, visited, valid[index]!);
          return (
            <Button
              key={key}
              role="tab"
              aria-selected={index === step}
              data-step-style={look}
              appearance="subtle"
              className={mergeClasses(styles.step, styleClass[look])}
              onClick={() => go(index as WizardStepIndex)}
            >
              {index + 1}. {t(`nodes.wizard.steps.${key}`)}
            </Button>
          );
        })}
      </div>

      {step === 0 ? (
        <div className={styles.form}>
          <Field label={t('nodes.wizard.itemType')} required>
            <RadioGroup
              layout="horizontal"
              value={state.itemType}
              onChange={(_, data) => set({ itemType: data.value as ItemType, enableHistory: data.value === 'item' })}
            >
              <Radio value="node" label={t('nodes.wizard.node')} />
              <Radio value="item" label={t('nodes.wizard.item')} />
            </RadioGroup>
          </Field>
          <Field label={t('nodes.wizard.parent')} required>
            <Select value={state.parentName} onChange={(_, data) => set({ parentName: data.value })}>
              <option value="">—</option>
              {parents.map((row) => (
                <option key={row.itemName} value={row.itemName}>
                  {'\u00a0'.repeat((row.depth - 1) * 2)}
                  {row.itemDisplayName && row.itemDisplayName !== row.itemName
                    ? `${row.itemName} (${row.itemDisplayName})`
                    : row.itemName}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      ) : null}

      {step === 1 ? (
        <div className={styles.form}>
          <Field
            label={t('nodes.wizard.name')}
            required
            validationMessage={
              visited.has(2) || nameTouched
                ? errors[1]!
                    .filter((key) => key.startsWith('nodes.wizard.errors.name') && key !== 'nodes.wizard.errors.nameChecking')
                    .map((key) => t(key))[0]
                : undefined
            }
            hint={nameStatus === 'checking' ? t('nodes.wizard.errors.nameChecking') : undefined}
          >
            <Input
              value={state.itemName}
              onChange={(_, data) => {
                set({ itemName: data.value });
                wizard.typeName(data.value);
                setNameTouched(true);
              }}
              onBlur={() => setNameTouched(true)}
            />
          </Field>
          <Field label={t('nodes.wizard.description')}>
            <Textarea value={state.itemDescription} onChange={(_, data) => set({ itemDescription: data.value })} />
          </Field>
          {state.itemType === 'item' ? (
            <>
              <Field label={t('nodes.wizard.dataSource')} required>
                <Select value={state.dataSourceType} onChange={(_, data) => chooseSource(data.value)}>
                  {forms.length === 0 ? <option value="">—</option> : null}
                  {forms.map((entry) => (
                    <option key={entry.type} value={entry.type}>
                      {t(entry.titleKey)}
                    </option>
                  ))}
                </Select>
              </Field>
              {FormComponent ? (
                <FormComponent
                  key={state.dataSourceType}
                  appId={wizard.appId}
                  value={state.dataSource}
                  onChange={(dataSource) => set({ dataSource })}
                  deviceProfiles={wizard.profiles}
                  showErrors={visited.has(2)}
                />
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}

      {step === 2 ? (
        <div className={styles.form}>
          <Field label={t('nodes.wizard.tags')} hint={t('nodes.wizard.tagsHint')}>
            <Input value={tagsText} onChange={(_, data) => setTagsText(data.value)} />
          </Field>
          <Field label={t('nodes.wizard.siteAddress')}>
            <Input value={state.siteAddress} onChange={(_, data) => set({ siteAddress: data.value })} />
          </Field>
          <Field
            label={t('nodes.wizard.connectionTimeout')}
            hint={t('nodes.wizard.connectionTimeoutHint')}
            validationMessage={errors[2]!.length > 0 ? t(errors[2]![0]!) : undefined}
          >
            <Input
              inputMode="numeric"
              placeholder="86400"
              value={state.connectionTimeoutSec}
              onChange={(_, data) => set({ connectionTimeoutSec: data.value })}
            />
          </Field>
          <Switch
            label={t('nodes.wizard.enableHistory')}
            checked={state.enableHistory}
            onChange={(_, data) => set({ enableHistory: data.checked })}
          />
        </div>
      ) : null}

      {shownErrors.some((list) => list.length > 0) ? (
        <MessageBar intent="error" layout="multiline" role="alert">
          <MessageBarBody>
            <MessageBarTitle>{t('nodes.wizard.errorsTitle')}</MessageBarTitle>
            {WIZARD_STEPS.map((key, index) =>
              shownErrors[index]!.length > 0 ? (
                <div key={key}>
                  <b>{t(`nodes.wizard.steps.${key}`)}:</b> {shownErrors[index]!.map((error) => t(error)).join(' ')}
                </div>
              ) : null,
            )}
          </MessageBarBody>
        </MessageBar>
      ) : null}
    </DialogShell>
  );
});
