import {
  Button,
  Checkbox,
  Divider,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Select,
  Spinner,
  Subtitle2,
  Tab,
  TabList,
  Text,
  tokens,
} from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@sensorium/core/client';
import {
  DEBOUNCE_TYPES,
  DEBOUNCE_UNITS,
  SIGNAL_TYPES,
  type DebounceType,
  type DebounceUnit,
  type FieldPreference,
  type NodeDataSource,
  type SignalType,
} from '../../common/field-preference';
import { NODE_DATA_EXAMPLE_EXPRESSION, NODE_DATA_SOURCE_GROUPS } from '../../common/node-data';
import { errorMessage } from '../api';
import { autoResetFieldsDisabled, openRangesTab, resetValueFor, sectionsForSignal } from './field-rules';
import { FaIcon, IconCatalogue, IconPicker } from './icon-picker';
import { LimitedNumberInput } from './limited-input';
import { RangeEditor, type RangeActionHandlers } from './range-editor';
import { DialogShell } from '../dialogs/dialog-shell';

const useStyles = makeStyles({
  surface: { maxWidth: '960px', width: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxHeight: '70vh', overflowY: 'auto' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  line: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  short: { width: '120px' },
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

/**
 * Field Settings (spec 2.5): a Settings tab (Save at the top; sections shown by signal type) and a Color Ranges tab
 * (the range editor). Opens on the caller's tab (default 1). A failed save shows 'Update failed!' with the server's
 * message and keeps the dialog open; dismissing discards the edited copy.
 */
export function FieldSettingsDialog(props: {
  field: string;
  preference: FieldPreference;
  isNode: boolean;
  activeTab?: FieldSettingsTab;
  canWrite: boolean;
  /** Opens the notification, task and webhook dialogs of a range. */
  rangeActions?: RangeActionHandlers;
  /** Dialogs opened from this one (nested, so closing them gives the focus and the screen reader back to it). */
  children?: ReactNode;
  onSave(preference: FieldPreference): Promise<void>;
  onClose(): void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const initialTab = props.activeTab ?? 1;
  const [tab, setTab] = useState<FieldSettingsTab>(initialTab);
  const [draft, setDraft] = useState<FieldPreference>(() =>
    initialTab === 2 ? openRangesTab(structuredClone(props.preference)) : structuredClone(props.preference),
  );
  const [saving, setSaving] = useState(false);
  const [pickingIcon, setPickingIcon] = useState(false);
  const [browsingIcons, setBrowsingIcons] = useState(false);
  const sections = sectionsForSignal(draft.signal);
  const resetOff = autoResetFieldsDisabled(draft);

  const set = <K extends keyof FieldPreference>(key: K, value: FieldPreference[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const nested = <K extends 'icon' | 'debounce' | 'filter' | 'simpleConvert' | 'resetSetting'>(
    key: K,
    change: Partial<FieldPreference[K]>,
  ) => setDraft((d) => ({ ...d, [key]: { ...d[key], ...change } }));

  const save = async () => {
    setSaving(true);
    try {
      await props.onSave(draft);
      props.onClose();
    } catch (error) {
      notify({ intent: 'error', title: t('nodes.updateFailed'), body: await errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  const saveButton = (
    <div className={styles.top}>
      <Button
        appearance="primary"
        icon={saving ? <Spinner size="extra-tiny" /> : <SaveRegular />}
        disabled={!props.canWrite || saving}
        onClick={() => void save()}
      >
        {t('nodes.save')}
      </Button>
    </div>
  );

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
      actions={
        <>
          <Button onClick={props.onClose}>{t('nodes.close')}</Button>
        </>
      }
    >
      <TabList
        selectedValue={tab}
        onTabSelect={(_, data) => {
          const next = data.value as FieldSettingsTab;
          if (next === 2) setDraft((d) => openRangesTab(d));
          setTab(next);
        }}
      >
        <Tab value={1}>{t('nodes.fieldSettings.settingsTab')}</Tab>
        <Tab value={2}>{t('nodes.fieldSettings.rangesTab')}</Tab>
      </TabList>
      {saveButton}
      {tab === 1 && (
        <>
          <Section title={t('nodes.fieldSettings.displayInFrontend')}>
            <Checkbox
              label={t('nodes.fieldSettings.enable')}
              checked={draft.frontendDisplay}
              onChange={(_, data) => set('frontendDisplay', data.checked === true)}
            />
          </Section>
          <Section title={t('nodes.fieldSettings.displayName')}>
            <Input
              aria-label={t('nodes.fieldSettings.displayName')}
              value={draft.displayName}
              onChange={(_, data) => set('displayName', data.value)}
            />
          </Section>
          <Section title={t('nodes.fieldSettings.icon')}>
            <div className={styles.line}>
              <Checkbox
                label={t('nodes.fieldSettings.enable')}
                checked={draft.icon.enable}
                onChange={(_, data) => nested('icon', { enable: data.checked === true })}
              />
              <Text>
                {draft.icon.name ? <FaIcon name={draft.icon.name} /> : null} {draft.icon.name || '-'}
              </Text>
              <Button onClick={() => setPickingIcon(true)}>{t('nodes.fieldSettings.selectIcon')}</Button>
              <Button appearance="subtle" onClick={() => setBrowsingIcons(true)}>
                {t('nodes.icon.catalogue')}
              </Button>
              <Checkbox
                label={t('nodes.fieldSettings.useStatusIcon')}
                checked={draft.icon.useStatusIcon}
                onChange={(_, data) => nested('icon', { useStatusIcon: data.checked === true })}
              />
            </div>
          </Section>
          <Section title={t('nodes.fieldSettings.sequence')}>
            <LimitedNumberInput
              className={styles.short}
              aria-label={t('nodes.fieldSettings.sequence')}
              limit="digits"
              value={draft.seq}
              onValue={(seq) => set('seq', Math.trunc(seq))}
            />
          </Section>
          {props.isNode && (
            <Section title={t('nodes.fieldSettings.nodeData')}>
              <div className={styles.line}>
                <Field label={t('nodes.fieldSettings.outputField')}>
                  <Input readOnly value={props.field} />
                </Field>
                <Field label={t('nodes.fieldSettings.source')}>
                  <Select
                    value={draft.nodeData?.source ?? 'custom'}
                    onChange={(_, data) =>
                      set('nodeData', {
                        source: data.value as NodeDataSource,
                        expression: draft.nodeData?.expression ?? '',
                      })
                    }
                  >
                    {NODE_DATA_SOURCE_GROUPS.map((group) => (
                      <optgroup key={group.labelKey} label={t(`nodes.fieldSettings.groups.${group.labelKey}`)}>
                        {group.sources.map((source) => (
                          <option key={source} value={source}>
                            {t(`nodes.fieldSettings.sources.${source}`)}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </Select>
                </Field>
                <Field label={t('nodes.fieldSettings.expression')}>
                  <Input
                    placeholder={NODE_DATA_EXAMPLE_EXPRESSION}
                    value={draft.nodeData?.expression ?? ''}
                    onChange={(_, data) =>
                      set('nodeData', { source: draft.nodeData?.source ?? 'custom', expression: data.value })
                    }
                  />
                </Field>
              </div>
            </Section>
          )}
          <Section title={t('nodes.fieldSettings.signal')}>
            <RadioGroup
              layout="horizontal"
              aria-label={t('nodes.fieldSettings.signal')}
              value={draft.signal}
              onChange={(_, data) => set('signal', data.value as SignalType)}
            >
              {SIGNAL_TYPES.map((signal) => (
                <Radio key={signal} value={signal} label={t(`nodes.fieldSettings.signals.${signal}`)} />
              ))}
            </RadioGroup>
          </Section>
          {sections.analog && (
            <Section title={t('nodes.fieldSettings.analog')}>
              <div className={styles.line}>
                <Checkbox
                  label={t('nodes.fieldSettings.accumulative')}
                  checked={draft.accumulative}
                  onChange={(_, data) => set('accumulative', data.checked === true)}
                />
                <Checkbox
                  label={t('nodes.fieldSettings.showStatus')}
                  checked={draft.analogShowStatus}
                  onChange={(_, data) => set('analogShowStatus', data.checked === true)}
                />
              </div>
              <div className={styles.line}>
                <Field label={t('nodes.fieldSettings.unit')}>
                  <Input className={styles.short} value={draft.unit} onChange={(_, data) => set('unit', data.value)} />
                </Field>
                <Field label={t('nodes.fieldSettings.decimalPlace')}>
                  <LimitedNumberInput
                    className={styles.short}
                    limit="digits"
                    value={draft.decimalPlace}
                    onValue={(decimalPlace) => set('decimalPlace', Math.trunc(decimalPlace))}
                  />
                </Field>
              </div>
            </Section>
          )}
          {sections.digital && (
            <Section title={t('nodes.fieldSettings.logic')}>
              <RadioGroup
                layout="horizontal"
                value={draft.logic}
                onChange={(_, data) => set('logic', data.value as FieldPreference['logic'])}
              >
                <Radio value="Normal" label={t('nodes.fieldSettings.normal')} />
                <Radio value="Invert" label={t('nodes.fieldSettings.invert')} />
              </RadioGroup>
            </Section>
          )}
          {sections.debounce && (
            <Section title={t('nodes.fieldSettings.debounce')}>
              <div className={styles.line}>
                <Checkbox
                  label={t('nodes.fieldSettings.enable')}
                  checked={draft.debounce.enable}
                  onChange={(_, data) => nested('debounce', { enable: data.checked === true })}
                />
                <Field label={t('nodes.fieldSettings.debounceNumber')}>
                  <LimitedNumberInput
                    className={styles.short}
                    limit="any"
                    value={draft.debounce.number}
                    onValue={(number) => nested('debounce', { number })}
                  />
                </Field>
                <Field label={t('nodes.fieldSettings.debounceUnit')}>
                  <Select
                    value={draft.debounce.unit}
                    onChange={(_, data) => nested('debounce', { unit: data.value as DebounceUnit })}
                  >
                    {DEBOUNCE_UNITS.map((unit) => (
                      <option key={unit} value={unit}>
                        {t(`nodes.fieldSettings.units.${unit}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label={t('nodes.fieldSettings.debounceType')}>
                  <Select
                    value={draft.debounce.type}
                    onChange={(_, data) => nested('debounce', { type: data.value as DebounceType })}
                  >
                    {DEBOUNCE_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`nodes.fieldSettings.types.${type}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
              </div>
              <div className={styles.line}>
                <Checkbox
                  label={t('nodes.fieldSettings.waitUntilStable')}
                  checked={draft.debounce.waitUntilStable}
                  onChange={(_, data) => nested('debounce', { waitUntilStable: data.checked === true })}
                />
                <Field label={t('nodes.fieldSettings.maxDeviation')}>
                  <LimitedNumberInput
                    className={styles.short}
                    limit="any"
                    value={draft.debounce.maxDeviation}
                    onValue={(maxDeviation) => nested('debounce', { maxDeviation })}
                  />
                </Field>
                <Checkbox
                  label={t('nodes.fieldSettings.skipDebounceWhenResume')}
                  checked={draft.debounce.skipDebounceWhenResume}
                  onChange={(_, data) => nested('debounce', { skipDebounceWhenResume: data.checked === true })}
                />
              </div>
            </Section>
          )}
          {sections.analog && (
            <Section title={t('nodes.fieldSettings.spikeFilter')}>
              <div className={styles.line}>
                <Field label={t('nodes.fieldSettings.min')}>
                  <LimitedNumberInput
                    className={styles.short}
                    limit="digits"
                    value={draft.filter.min}
                    onValue={(min) => nested('filter', { min })}
                  />
                </Field>
                <Field label={t('nodes.fieldSettings.max')}>
                  <LimitedNumberInput
                    className={styles.short}
                    limit="digits"
                    value={draft.filter.max}
                    onValue={(max) => nested('filter', { max })}
                  />
                </Field>
              </div>
            </Section>
          )}
          {sections.analog && (
            <Section title={t('nodes.fieldSettings.simpleConvert')}>
              <Checkbox
                label={t('nodes.fieldSettings.enable')}
                checked={draft.simpleConvertEnabled}
                onChange={(_, data) => set('simpleConvertEnabled', data.checked === true)}
              />
              <div className={styles.line}>
                {(['inputRangeMin', 'inputRangeMax', 'inputResolution'] as const).map((key) => (
                  <Field key={key} label={t(`nodes.fieldSettings.${key}`)}>
                    <LimitedNumberInput
                      className={styles.short}
                      limit="digits"
                      disabled={!draft.simpleConvertEnabled}
                      value={draft.simpleConvert[key]}
                      onValue={(number) => nested('simpleConvert', { [key]: number })}
                    />
                  </Field>
                ))}
                {(['outputRangeMin', 'outputRangeMax'] as const).map((key) => (
                  <Field key={key} label={t(`nodes.fieldSettings.${key}`)}>
                    <LimitedNumberInput
                      className={styles.short}
                      limit="signed"
                      disabled={!draft.simpleConvertEnabled}
                      value={draft.simpleConvert[key]}
                      onValue={(number) => nested('simpleConvert', { [key]: number })}
                    />
                  </Field>
                ))}
              </div>
            </Section>
          )}
          <Section title={t('nodes.fieldSettings.storage')}>
            <RadioGroup
              layout="horizontal"
              value={draft.storage ?? 'store'}
              onChange={(_, data) => set('storage', data.value as 'store' | 'display')}
            >
              <Radio value="store" label={t('nodes.fieldSettings.store')} />
              <Radio value="display" label={t('nodes.fieldSettings.displayOnly')} />
            </RadioGroup>
          </Section>
          {sections.autoReset && (
            <Section title={t('nodes.fieldSettings.autoReset')}>
              <Checkbox
                label={t('nodes.fieldSettings.enable')}
                checked={draft.resetSetting.enable}
                onChange={(_, data) => nested('resetSetting', { enable: data.checked === true })}
              />
              <div className={styles.line}>
                <Field label={t('nodes.fieldSettings.resetValue')}>
                  {draft.signal === 'digital' ? (
                    <Select
                      disabled={resetOff}
                      value={String(draft.resetSetting.resetValue)}
                      onChange={(_, data) => nested('resetSetting', { resetValue: resetValueFor('digital', data.value) })}
                    >
                      <option value="0">0</option>
                      <option value="1">1</option>
                    </Select>
                  ) : (
                    <Input
                      disabled={resetOff}
                      value={String(draft.resetSetting.resetValue)}
                      onChange={(_, data) => nested('resetSetting', { resetValue: resetValueFor('string', data.value) })}
                    />
                  )}
                </Field>
                {sections.resetBaseValue && (
                  <Field label={t('nodes.fieldSettings.baseValue')}>
                    <Input
                      disabled={resetOff}
                      value={draft.resetSetting.baseValue ?? ''}
                      onChange={(_, data) => nested('resetSetting', { baseValue: data.value })}
                    />
                  </Field>
                )}
                <Field label={t('nodes.fieldSettings.resetDelay')}>
                  <LimitedNumberInput
                    className={styles.short}
                    limit="digits"
                    disabled={resetOff}
                    value={draft.resetSetting.resetDelaySecond}
                    onValue={(resetDelaySecond) => nested('resetSetting', { resetDelaySecond })}
                  />
                </Field>
              </div>
            </Section>
          )}
        </>
      )}
      {pickingIcon && (
        <IconPicker
          current={draft.icon.name}
          onSelect={(name) => nested('icon', { name })}
          onClose={() => setPickingIcon(false)}
        />
      )}
      {browsingIcons && <IconCatalogue onSelect={(name) => nested('icon', { name })} onClose={() => setBrowsingIcons(false)} />}
      {tab === 2 && (
        <RangeEditor
          {...props.rangeActions}
          value={draft.rangeSettings}
          signal={draft.signal}
          onChange={(rangeSettings) => set('rangeSettings', rangeSettings)}
        />
      )}
      {props.children}
    </DialogShell>
  );
}
